import TicTacToeAppCore
import TicTacToeAppSchema
import UnidirectionalFlow

/// What a `tictactoe attach` client typed that the host has not processed yet, put back into
/// each state the host sends: until the host has processed a binding, its `state` events show
/// the field as it was before, and the field keeps what was typed.
///
/// The host sends `"<redacted>"` for a password that is set; the client shows the password it
/// typed itself in its place, or none when it was typed elsewhere.
struct UnconfirmedTyping {
  /// Binding intents sent and not yet seen processed, by case path, with the last one sent.
  private var bindings: [String: (count: Int, action: TicTacToe.Action)] = [:]
  /// The password this client typed last ("" once the host shows none).
  private var typedPassword = ""
  /// The app's reducer, built once, which puts the unconfirmed typing back into a state.
  private let app: TicTacToe.Body = TicTacToe().body

  /// Notes `action`, about to be forwarded, if it is a binding.
  mutating func sent(_ action: TicTacToe.Action) {
    guard let (intent, values) = AppSchema.intentAndValues(of: action), values.count == 1,
      case .text(let text) = values[0]
    else { return }
    bindings[intent.casePath] = ((bindings[intent.casePath]?.count ?? 0) + 1, action)
    if intent.isSecret { typedPassword = text }
  }

  /// Notes that the host processed the action at `casePath`.
  mutating func processed(casePath: String) {
    guard let unconfirmed = bindings[casePath] else { return }
    bindings[casePath] = unconfirmed.count > 1 ? (unconfirmed.count - 1, unconfirmed.action) : nil
  }

  /// Puts what this client typed and the host has not processed yet back into `state`, and
  /// the password it typed (or none) in place of the placeholder.
  mutating func keep(in state: inout TicTacToe.State) {
    if case .login(var login) = state {
      if login.password.isEmpty {
        // Unless this client's password is still on its way.
        let isOnItsWay = bindings.keys.contains { AppSchema.intent(named: $0)?.isSecret == true }
        if !isOnItsWay { typedPassword = "" }
      } else {
        // The placeholder is not a password: the client edits (and a mask counts) what it
        // typed itself, or nothing.
        login.password = typedPassword
        state = .login(login)
      }
    }
    for (casePath, unconfirmed) in bindings {
      // One for a screen that is gone will never be processed.
      guard Self.isShown(unconfirmed.action, in: state) else {
        bindings[casePath] = nil
        continue
      }
      _ = app.reduce(into: &state, action: unconfirmed.action)
    }
  }

  /// Whether the screen `action` is for is the one `state` shows.
  static func isShown(_ action: TicTacToe.Action, in state: TicTacToe.State) -> Bool {
    switch (action, state) {
    case (.login(.twoFactor), .login(let login)): login.twoFactor != nil
    case (.login, .login), (.newGame, .newGame): true
    default: false
    }
  }
}
