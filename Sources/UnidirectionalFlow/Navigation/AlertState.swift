/// The data of an alert: a title, an optional message and buttons, as plain state that any front
/// end can render and any test can compare.
///
/// Present it with `@Presents var alert: AlertState<Action.Alert>?` (or a plain optional field)
/// and `ifLet(\.$alert, action: \.alert)`; the alert closes on any of its actions.
///
/// ```swift
/// state.alert = AlertState {
///   TextState("Quit this game?")
/// } actions: {
///   ButtonState(role: .destructive, action: .confirmQuitButtonTapped) { TextState("Quit") }
///   ButtonState(role: .cancel) { TextState("Keep playing") }
/// } message: {
///   TextState("The board is lost.")
/// }
/// ```
public struct AlertState<Action> {
  /// The headline.
  public var title: TextState
  /// Optional explanatory text under the title.
  public var message: TextState?
  /// The buttons; an alert with none shows a single "OK" that dismisses it.
  public var buttons: [ButtonState<Action>]

  /// An alert written as upstream's users write one: the title, then the buttons, then the
  /// message, each in its own closure; `actions` and `message` may be left out.
  ///
  /// - Parameters:
  ///   - title: The title.
  ///   - actions: The buttons, in order; none by default.
  ///   - message: The message under the title, or `nil` for none, the default.
  public init(
    title: () -> TextState,
    @ButtonStateBuilder<Action> actions: () -> [ButtonState<Action>] = { [] },
    message: (() -> TextState)? = nil
  ) {
    self.init(title: title(), message: message?(), buttons: actions())
  }

  /// An alert from values already at hand, as a decoder rebuilds one.
  ///
  /// - Parameters:
  ///   - title: The title.
  ///   - message: The message under the title, or `nil` for none.
  ///   - buttons: The buttons, in order.
  public init(title: TextState, message: TextState? = nil, buttons: [ButtonState<Action>] = []) {
    self.title = title
    self.message = message
    self.buttons = buttons
  }

  /// The same alert whose buttons send `transform` of their actions instead.
  ///
  /// - Parameter transform: Turns a button's action into the new one; `nil` for a button that only
  ///   closes.
  /// - Returns: The alert with the buttons' new actions.
  public func map<NewAction>(_ transform: (Action?) -> NewAction?) -> AlertState<NewAction> {
    AlertState<NewAction>(
      title: title, message: message, buttons: buttons.map { $0.map(transform) })
  }
}

extension AlertState: Equatable where Action: Equatable {}
extension AlertState: Hashable where Action: Hashable {}
extension AlertState: Sendable where Action: Sendable {}
extension AlertState: EphemeralState {}
