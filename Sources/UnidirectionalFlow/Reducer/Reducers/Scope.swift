/// Runs a child reducer on a part of the parent's state, for the actions of one case.
///
/// For a struct field:
///
/// ```swift
/// Scope(state: \.settings, action: \.settings) { Settings() }
/// ```
///
/// For an enum state (the feature is the current case), use the overload with a case key path;
/// an action that arrives while another case is active changes nothing and is reported.
public struct Scope<ParentState, ParentAction: CasePathable, Child: Reducer>: Reducer {
  public typealias Body = Never

  @usableFromInline
  enum StatePath {
    case field(WritableKeyPath<ParentState, Child.State>)
    case enumCase(AnyCasePath<ParentState, Child.State>)
  }

  @usableFromInline let toChildState: StatePath
  @usableFromInline let toChildAction: AnyCasePath<ParentAction, Child.Action>
  @usableFromInline let child: Child
  @usableFromInline let fileID: StaticString
  @usableFromInline let line: UInt

  /// Scopes to a field of a struct state.
  @inlinable
  public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) where Child.State == ChildState, Child.Action == ChildAction {
    self.toChildState = .field(toChildState)
    self.toChildAction = ParentAction.casePath(toChildAction)
    self.child = child()
    self.fileID = fileID
    self.line = line
  }

  /// Scopes to a case of an enum state.
  @inlinable
  public init<ChildState, ChildAction>(
    state toChildState: CaseKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) where ParentState: CasePathable, Child.State == ChildState, Child.Action == ChildAction {
    self.toChildState = .enumCase(ParentState.casePath(toChildState))
    self.toChildAction = ParentAction.casePath(toChildAction)
    self.child = child()
    self.fileID = fileID
    self.line = line
  }

  /// Runs the child for its actions; passes every other action by.
  @inlinable
  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<
    ParentAction
  > {
    guard let childAction = toChildAction.extract(from: action) else { return .none }
    switch toChildState {
    case .field(let keyPath):
      return child.reduce(into: &state[keyPath: keyPath], action: childAction)
        .map(toChildAction.embedFunction)
    case .enumCase(let casePath):
      guard var childState = casePath.extract(from: state) else {
        reportIssue(
          "A Scope at \(fileID):\(line) received \(childAction) while its state "
            + "was in another case; the action was ignored.",
          severity: .warning)
        return .none
      }
      let effect = child.reduce(into: &childState, action: childAction)
      state = casePath.embed(childState)
      return effect.map(toChildAction.embedFunction)
    }
  }
}
