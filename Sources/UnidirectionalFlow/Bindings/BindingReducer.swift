/// Applies binding actions to the state, before the feature's own logic runs after it.
///
/// ```swift
/// var body: some Reducer<State, Action> {
///   BindingReducer(action: \.view.binding)
///   Reduce { state, action in
///     switch action {
///     case .view(.binding):
///       state.isFormValid = !state.email.isEmpty && !state.password.isEmpty
///       return .none
///     ...
///     }
///   }
/// }
/// ```
public struct BindingReducer<State, Action: CasePathable>: Reducer {
  public typealias Body = Never
  let toBindingAction: AnyCasePath<Action, BindingAction<State>>

  /// Applies the binding actions found at `toBindingAction`.
  ///
  /// - Parameter toBindingAction: The case path of the feature's binding actions:
  ///   `\.binding`, or `\.view.binding` when they are view actions.
  public init(action toBindingAction: CaseKeyPath<Action, BindingAction<State>>) {
    self.toBindingAction = Action.casePath(toBindingAction)
  }

  /// Writes the bound field for a binding action; ignores every other action.
  ///
  /// - Parameters:
  ///   - state: The state whose field a binding action sets.
  ///   - action: The action.
  /// - Returns: `.none`: a binding starts no effect.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    toBindingAction.extract(from: action)?.set(&state)
    return .none
  }
}
