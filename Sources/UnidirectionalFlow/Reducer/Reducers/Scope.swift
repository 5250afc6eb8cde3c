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

    /// The same path, for another child reducer of the same state.
    @inlinable
    func withChild<Other: Reducer>() -> Scope<ParentState, ParentAction, Other>.StatePath
    where Other.State == Child.State {
      switch self {
      case .field(let keyPath): .field(keyPath)
      case .enumCase(let casePath): .enumCase(casePath)
      }
    }
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

  @inlinable
  init(
    toChildState: StatePath, toChildAction: AnyCasePath<ParentAction, Child.Action>,
    child: Child, fileID: StaticString, line: UInt
  ) {
    self.toChildState = toChildState
    self.toChildAction = toChildAction
    self.child = child
    self.fileID = fileID
    self.line = line
  }

  /// Runs the child for its actions; passes every other action by.
  ///
  /// A store does not call this: it runs the scope's runner (see `_makeRunner()`).
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
        Self.reportInactiveCase(childAction, fileID: fileID, line: line)
        return .none
      }
      let effect = child.reduce(into: &childState, action: childAction)
      state = casePath.embed(childState)
      return effect.map(toChildAction.embedFunction)
    }
  }

  /// The child's runner, scoped the same way; a field stored inline is then reached by its
  /// offset instead of its key path.
  @inlinable
  public func _makeRunner() -> _ScopeRunner<ParentState, ParentAction, Child._Runner> {
    var offset: Int?
    if case .field(let keyPath) = toChildState {
      offset = MemoryLayout<ParentState>.offset(of: keyPath)
    }
    return _ScopeRunner(
      offset: offset, toChildState: toChildState.withChild(), toChildAction: toChildAction,
      child: child._makeRunner(), fileID: fileID, line: line)
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

/// What a store runs for a ``Scope``: the scope with its child's runner, and the offset of a
/// field stored inline.
///
/// A class, so that the runners nested below it are reached through one reference: a tree of
/// nested structs would be copied, level by level, on every action. The path taken for a field
/// reached by its offset reads only the first four properties.
public final class _ScopeRunner<ParentState, ParentAction: CasePathable, Child: Reducer>: Reducer {
  public typealias Body = Never

  /// The byte offset of the child's field in the parent state, or -1 when it has none.
  @usableFromInline let offset: Int
  @usableFromInline let extract: @Sendable (ParentAction) -> Child.Action?
  @usableFromInline let embed: @Sendable (Child.Action) -> ParentAction
  @usableFromInline let child: Child
  @usableFromInline let toChildState: Scope<ParentState, ParentAction, Child>.StatePath
  @usableFromInline let fileID: StaticString
  @usableFromInline let line: UInt

  @inlinable
  init(
    offset: Int?, toChildState: Scope<ParentState, ParentAction, Child>.StatePath,
    toChildAction: AnyCasePath<ParentAction, Child.Action>, child: Child,
    fileID: StaticString, line: UInt
  ) {
    self.offset = offset ?? -1
    self.extract = toChildAction.extractFunction
    self.embed = toChildAction.embedFunction
    self.child = child
    self.toChildState = toChildState
    self.fileID = fileID
    self.line = line
  }

  /// Runs the child for its actions; passes every other action by.
  @inlinable
  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<
    ParentAction
  > {
    guard let childAction = extract(action) else { return .none }
    guard offset >= 0 else { return reduceWithoutOffset(into: &state, childAction: childAction) }
    // The field is stored inline in the parent state: the child changes it in place, through
    // its address, rather than through the runtime's key path access. This is the same
    // in-place mutation the key path would make (copy-on-write storage inside the field is
    // checked by the child as usual), and nothing else can reach `state` meanwhile: it is this
    // reducer's `inout` parameter.
    return Self.reduceField(at: offset, of: &state, with: child, action: childAction).map(embed)
  }

  /// Runs `child` on the field at `offset` in the parent state at `parent`.
  ///
  /// A function taking the state's address, rather than a closure passed to
  /// `withUnsafeMutablePointer`, which would capture (and copy) the child.
  @inlinable
  static func reduceField(
    at offset: Int, of parent: UnsafeMutablePointer<ParentState>, with child: borrowing Child,
    action: Child.Action
  ) -> Effect<Child.Action> {
    let field = UnsafeMutableRawPointer(parent).advanced(by: offset)
      .assumingMemoryBound(to: Child.State.self)
    return child.reduce(into: &field.pointee, action: action)
  }

  /// Runs the child for an action of its, through the key path or the case path.
  @inlinable @inline(never)
  func reduceWithoutOffset(into state: inout ParentState, childAction: Child.Action) -> Effect<
    ParentAction
  > {
    switch toChildState {
    case .field(let keyPath):
      return child.reduce(into: &state[keyPath: keyPath], action: childAction).map(embed)
    case .enumCase(let casePath):
      guard var childState = casePath.extract(from: state) else {
        Scope<ParentState, ParentAction, Child>.reportInactiveCase(
          childAction, fileID: fileID, line: line)
        return .none
      }
      let effect = child.reduce(into: &childState, action: childAction)
      state = casePath.embed(childState)
      return effect.map(embed)
    }
  }
}
