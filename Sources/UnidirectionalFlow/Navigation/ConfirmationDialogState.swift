/// The data of a confirmation dialog: like an ``AlertState``, a title, an optional message and
/// buttons, plus whether the title is shown.
///
/// ```swift
/// state.dialog = ConfirmationDialogState(titleVisibility: .visible) {
///   TextState("Leave the game?")
/// } actions: {
///   ButtonState(role: .destructive, action: .leave) { TextState("Leave") }
///   ButtonState(role: .cancel) { TextState("Stay") }
/// }
/// ```
///
/// Present it as an alert is presented: `ifLet(\.$dialog, action: \.dialog)`; it closes on any
/// of its actions.
public struct ConfirmationDialogState<Action> {
  /// Whether the title is shown.
  public var titleVisibility: ConfirmationDialogStateTitleVisibility
  /// The headline.
  public var title: TextState
  /// Optional explanatory text under the title.
  public var message: TextState?
  /// The buttons, in order.
  public var buttons: [ButtonState<Action>]

  /// A dialog written as upstream's users write one: the title, then the buttons, then the
  /// message, each in its own closure; `actions` and `message` may be left out.
  ///
  /// - Parameters:
  ///   - titleVisibility: Whether the title is shown; `.automatic` by default.
  ///   - title: The title.
  ///   - actions: The buttons, in order; none by default.
  ///   - message: The message under the title, or `nil` for none, the default.
  public init(
    titleVisibility: ConfirmationDialogStateTitleVisibility = .automatic,
    title: () -> TextState,
    @ButtonStateBuilder<Action> actions: () -> [ButtonState<Action>] = { [] },
    message: (() -> TextState)? = nil
  ) {
    self.titleVisibility = titleVisibility
    self.title = title()
    self.message = message?()
    self.buttons = actions()
  }

  /// The same dialog whose buttons send `transform` of their actions instead.
  ///
  /// - Parameter transform: Turns a button's action into the new one; `nil` for a button that only
  ///   closes.
  /// - Returns: The dialog with the buttons' new actions.
  public func map<NewAction>(_ transform: (Action?) -> NewAction?)
    -> ConfirmationDialogState<NewAction>
  {
    var mapped = ConfirmationDialogState<NewAction>(titleVisibility: titleVisibility) { title }
    mapped.message = message
    mapped.buttons = buttons.map { $0.map(transform) }
    return mapped
  }
}

extension ConfirmationDialogState: Equatable where Action: Equatable {}
extension ConfirmationDialogState: Hashable where Action: Hashable {}
extension ConfirmationDialogState: Sendable where Action: Sendable {}
extension ConfirmationDialogState: EphemeralState {}

/// Whether a confirmation dialog shows its title.
public enum ConfirmationDialogStateTitleVisibility: Sendable, Hashable {
  /// As the front end sees fit.
  case automatic
  /// Never.
  case hidden
  /// Always.
  case visible
}
