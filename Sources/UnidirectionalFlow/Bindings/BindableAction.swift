/// An action with a `binding` case that carries the feature's binding actions, so that
/// ``BindingReducer/init()`` finds them without a case path:
///
/// ```swift
/// enum Action: BindableAction {
///   case binding(BindingAction<State>)
///   case loginButtonTapped
/// }
/// var body: some Reducer<State, Action> {
///   BindingReducer()
///   Reduce { state, action in ... }
/// }
/// ```
public protocol BindableAction: SendableMetatype {
  /// The state the binding actions write.
  associatedtype State
  /// The `binding` case: an enum case `binding(BindingAction<State>)` is this requirement.
  ///
  /// - Parameter action: The binding action to carry.
  /// - Returns: The `binding` case carrying `action`.
  static func binding(_ action: BindingAction<State>) -> Self
  /// The binding action this action carries, if it is the `binding` case.
  var binding: BindingAction<State>? { get }
}

extension BindableAction {
  /// Reads the `binding` case by reflection, so that the enum need declare nothing more than
  /// the case; it allocates, so a hot path may write this property itself with a `switch`.
  public var binding: BindingAction<State>? {
    guard let payload = Mirror(reflecting: self).children.first, payload.label == "binding"
    else { return nil }
    return payload.value as? BindingAction<State>
  }
}

/// An action with a `view` case that carries what the user did, as upstream's features split
/// their actions: `send(.view(.loginButtonTapped))`.
public protocol ViewAction<ViewAction>: SendableMetatype {
  /// The actions of the view.
  associatedtype ViewAction
  /// The `view` case: an enum case `view(View)` is this requirement.
  ///
  /// - Parameter action: The view action to carry.
  /// - Returns: The `view` case carrying `action`.
  static func view(_ action: ViewAction) -> Self
}

extension BindingReducer {
  /// Applies the binding actions of an action's `binding` case (see ``BindableAction``).
  public init() where Action: BindableAction, Action.State == State {
    self.toBindingAction = AnyCasePath(embed: { Action.binding($0) }, extract: { $0.binding })
  }

  /// Applies the binding actions of the bindable view actions at `toViewAction`:
  /// `BindingReducer(action: \.view)`.
  ///
  /// - Parameter toViewAction: The case path of the view actions, whose `binding` cases are
  ///   applied.
  public init<Bindable: BindableAction>(action toViewAction: CaseKeyPath<Action, Bindable>)
  where Action: ViewAction, Bindable.State == State {
    let path = Action.casePath(toViewAction)
    self.toBindingAction = AnyCasePath(
      embed: { path.embed(Bindable.binding($0)) },
      extract: { path.extract(from: $0)?.binding })
  }
}
