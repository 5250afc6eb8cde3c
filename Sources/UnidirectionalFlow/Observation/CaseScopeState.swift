/// The `State` of an enum of child features (what `@Reducer enum` makes) that gives, for a
/// store of it, the active case with its feature's store: `store.case`.
///
/// ```swift
/// switch store.case {
/// case .login(let loginStore): render(loginStore)
/// case .newGame(let newGameStore): render(newGameStore)
/// }
/// ```
public protocol CaseScopeState: ObservableState {
  /// One case per case of the state, carrying the store of its feature.
  associatedtype CaseScope
  /// The actions of the enum's features.
  associatedtype CaseAction: Sendable
  /// The active case of `store`'s state, with the store scoped to it.
  ///
  /// - Parameter store: A store of this state.
  /// - Returns: The case the state is in, carrying the store scoped to its feature.
  @MainActor static func caseScope(_ store: Store<Self, CaseAction>) -> CaseScope
}

extension Store where State: CaseScopeState, State.CaseAction == Action {
  /// The active case of the state with the store of its feature, to switch over. The read is
  /// registered with the observation tracking in progress, which fires when the case changes.
  public var `case`: State.CaseScope {
    accessState()
    return State.caseScope(self)
  }
}
