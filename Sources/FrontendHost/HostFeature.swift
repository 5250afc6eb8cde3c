import AppCore
import TicTacToeFrontendABI

/// The features a store handle can be scoped to (the ABI's `ttt_feature`), and what "active"
/// means for each.
public enum HostFeature: UInt32, CaseIterable, Sendable {
  /// The whole app.
  case root = 0
  /// The login screen.
  case login = 1
  /// The two-factor screen, presented by login.
  case twoFactor = 2
  /// The new-game screen.
  case newGame = 3
  /// The game, presented by new game.
  case game = 4

  /// The feature that presents this one.
  var parent: HostFeature? {
    switch self {
    case .root: nil
    case .login, .newGame: .root
    case .twoFactor: .login
    case .game: .newGame
    }
  }

  /// Whether this feature is `other` or presented (directly or not) by it.
  func isWithin(_ other: HostFeature) -> Bool {
    var current: HostFeature? = self
    while let feature = current {
      if feature == other { return true }
      current = feature.parent
    }
    return false
  }

  /// The name used in messages: "the game".
  var displayName: String {
    switch self {
    case .root: "the app"
    case .login: "the login screen"
    case .twoFactor: "the two-factor screen"
    case .newGame: "the new-game screen"
    case .game: "the game"
    }
  }

  /// Whether what a handle scoped to this feature reads differs between `old` and `new`: its
  /// state changed, or it appeared or went away.
  func changed(from old: TicTacToe.State, to new: TicTacToe.State) -> Bool {
    switch (self, old, new) {
    case (.root, _, _): old != new
    case (.login, .login(let old), .login(let new)): old != new
    case (.twoFactor, .login(let old), .login(let new)): old.twoFactor != new.twoFactor
    case (.newGame, .newGame(let old), .newGame(let new)): old != new
    case (.game, .newGame(let old), .newGame(let new)): old.game != new.game
    default: inactivity(in: old) == nil || inactivity(in: new) == nil
    }
  }

  /// Why this feature is not on screen in `state`, or `nil` if it is.
  func inactivity(in state: TicTacToe.State) -> String? {
    switch (self, state) {
    case (.root, _), (.login, .login), (.newGame, .newGame):
      return nil
    case (.twoFactor, .login(let login)):
      return login.twoFactor == nil ? "no two-factor screen is presented" : nil
    case (.game, .newGame(let newGame)):
      return newGame.game == nil ? "no game is being played" : nil
    case (.login, _), (.twoFactor, _):
      return "\(displayName) is not shown: the new-game screen is active"
    case (.newGame, _), (.game, _):
      return "\(displayName) is not shown: the login screen is active"
    }
  }
}
