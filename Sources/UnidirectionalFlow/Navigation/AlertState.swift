/// The data of an alert: a title, an optional message and buttons, as plain state that any front
/// end can render and any test can compare.
///
/// Present it with an optional field and `ifLet(\.alert, action: \.alert)`; the alert closes on
/// any of its actions.
///
/// ```swift
/// state.alert = AlertState(title: "Invalid second factor (try 1234)")
/// ```
public struct AlertState<ButtonAction> {
  /// The actions its buttons send; `AlertState<Alert>.Action` is `Alert`.
  public typealias Action = ButtonAction
  /// The headline.
  public var title: String
  /// Optional explanatory text under the title.
  public var message: String?
  /// The buttons; an alert with none shows a single "OK" that dismisses it.
  public var buttons: [ButtonState<Action>]

  /// Creates an alert.
  public init(title: String, message: String? = nil, buttons: [ButtonState<Action>] = []) {
    self.title = title
    self.message = message
    self.buttons = buttons
  }
}

extension AlertState: Equatable where Action: Equatable {}
extension AlertState: Sendable where Action: Sendable {}

/// A button of an alert: its label, role, and the action it sends.
public struct ButtonState<Action> {
  /// What the button is for, so front ends can style it.
  public enum Role: Sendable, Hashable {
    /// Closes without doing anything.
    case cancel
    /// Does something that cannot be undone.
    case destructive
  }

  /// The label.
  public var title: String
  /// The role, if any.
  public var role: Role?
  /// The action sent when the button is chosen; `nil` only dismisses.
  public var action: Action?

  /// Creates a button.
  public init(title: String, role: Role? = nil, action: Action? = nil) {
    self.title = title
    self.role = role
    self.action = action
  }
}

extension ButtonState: Equatable where Action: Equatable {}
extension ButtonState: Sendable where Action: Sendable {}
