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
    /// A field stored inline, at a byte offset (see ``InlineField``).
    case inlineField(offset: Int)
    case enumCase(AnyCasePath<ParentState, Child.State>)
  }

  @usableFromInline let toChildState: StatePath
  @usableFromInline let toChildAction: AnyCasePath<ParentAction, Child.Action>
  /// The child, in a box: a tree of nested scopes held inline would be copied, level by
  /// level, on every action (measured on `benchmarks core`, `NestedStore.RootSend`: 161 ns
  /// inline, 89 ns boxed).
  @usableFromInline let boxed: Boxed<Child>
  @inlinable var child: Child { boxed.value }
  @usableFromInline let fileID: StaticString
  @usableFromInline let line: UInt

  /// Scopes to a field of a struct state.
  public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) where Child.State == ChildState, Child.Action == ChildAction {
    self.toChildState =
      InlineField.offset(of: toChildState).map { .inlineField(offset: $0) } ?? .field(toChildState)
    self.toChildAction = ParentAction.casePath(toChildAction)
    self.boxed = Boxed(child())
    self.fileID = fileID
    self.line = line
  }

  /// Scopes to a case of an enum state.
  public init<ChildState, ChildAction>(
    state toChildState: CaseKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) where ParentState: CasePathable, Child.State == ChildState, Child.Action == ChildAction {
    self.toChildState = .enumCase(ParentState.casePath(toChildState))
    self.toChildAction = ParentAction.casePath(toChildAction)
    self.boxed = Boxed(child())
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
    case .inlineField(let offset):
      return InlineField.reduce(child, at: offset, of: &state, action: childAction)
        .map(toChildAction.embedFunction)
    case .field(let keyPath):
      return child.reduce(into: &state[keyPath: keyPath], action: childAction)
        .map(toChildAction.embedFunction)
    case .enumCase(let casePath):
      guard var childState = casePath.extract(from: state) else {
        Self.reportInactiveCase(childAction, fileID: fileID, line: line)
        return .none
      }
      let effect = child.reduce(into: &childState, action: childAction)
      state = casePath.embed(childState)
      return effect.map(toChildAction.embedFunction)
    }
  }

  /// Reports an action that arrived while the state was in another case.
  @usableFromInline
  static func reportInactiveCase(_ childAction: Child.Action, fileID: StaticString, line: UInt) {
    reportIssue(
      "A Scope at \(fileID):\(line) received \(childAction) while its state "
        + "was in another case; the action was ignored.",
      severity: .warning)
  }
}

/// A reducer held by reference, so that copying its holder copies one reference.
@usableFromInline
final class Boxed<Value> {
  @usableFromInline let value: Value
  init(_ value: Value) { self.value = value }
}
