/// A button of an alert or a confirmation dialog: its label, its role, and the action it sends.
///
/// ```swift
/// ButtonState(role: .destructive, action: .confirmQuitButtonTapped) { TextState("Quit") }
/// ButtonState(role: .cancel) { TextState("Keep playing") }
/// ```
public struct ButtonState<Action> {
  /// What the button sends when it is chosen.
  public var action: ButtonStateAction<Action>
  /// The label.
  public var label: TextState
  /// What the button is for, so that front ends can style and place it.
  public var role: ButtonStateRole?

  /// A button that sends `action` (``ButtonStateAction/send(_:)``; `.send(nil)`, the default,
  /// only closes what shows it).
  ///
  /// - Parameters:
  ///   - role: The button's role (`.cancel`, `.destructive`), or `nil` for none.
  ///   - action: What choosing it does.
  ///   - label: The button's text.
  public init(
    role: ButtonStateRole? = nil, action: ButtonStateAction<Action> = .send(nil),
    label: () -> TextState
  ) {
    self.action = action
    self.label = label()
    self.role = role
  }

  /// A button that sends `action`.
  ///
  /// - Parameters:
  ///   - role: The button's role (`.cancel`, `.destructive`), or `nil` for none.
  ///   - action: The action choosing it sends.
  ///   - label: The button's text.
  public init(role: ButtonStateRole? = nil, action: Action, label: () -> TextState) {
    self.init(role: role, action: .send(action), label: label)
  }

  /// Passes the action this button sends (`nil` when it only closes) to `perform`: what a
  /// front end does when the button is chosen.
  ///
  /// - Parameter perform: Handles the action, or `nil`.
  public func withAction(_ perform: (Action?) -> Void) {
    perform(action.action)
  }

  /// The same button sending `transform` of its action instead, to embed it in a parent's
  /// actions.
  ///
  /// - Parameter transform: Turns the button's action into the new one; it gets `nil` for a button
  ///   that only closes.
  /// - Returns: The button with its new action.
  public func map<NewAction>(_ transform: (Action?) -> NewAction?) -> ButtonState<NewAction> {
    ButtonState<NewAction>(role: role, action: .send(transform(action.action))) { label }
  }
}

extension ButtonState: Equatable where Action: Equatable {}
extension ButtonState: Hashable where Action: Hashable {}
extension ButtonState: Sendable where Action: Sendable {}

/// What a button is for.
public enum ButtonStateRole: Sendable, Hashable {
  /// Closes without doing anything.
  case cancel
  /// Does something that cannot be undone.
  case destructive
}

/// What a button sends when it is chosen: an action, or nothing (it only closes).
public struct ButtonStateAction<Action> {
  /// The action sent, if any.
  public var action: Action?

  /// Sends `action` when the button is chosen; `nil` sends nothing.
  ///
  /// - Parameter action: The action to send, or `nil`.
  /// - Returns: The button action.
  public static func send(_ action: Action?) -> Self {
    Self(action: action)
  }
}

extension ButtonStateAction: Equatable where Action: Equatable {}
extension ButtonStateAction: Hashable where Action: Hashable {}
extension ButtonStateAction: Sendable where Action: Sendable {}
