import TicTacToeAppCore
import TicTacToeFrontEndABI
import TicTacToeGameCore
import TicTacToeLoginCore
import TicTacToeNewGameCore
import TicTacToeTwoFactorCore

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

  /// This feature's part of `state`, or why it is not on screen: the one place that maps a
  /// feature to its state, used by reads, sends, text edits and change subscriptions alike.
  /// Inlined, so that the part read is copied out of the app state once, not twice.
  @inline(__always)
  func state(in state: TicTacToe.State) throws(HostCallError) -> FeatureState {
    switch (self, state) {
    case (.root, _): return .root(state)
    case (.login, .login(let login)): return .login(login)
    case (.twoFactor, .login(let login)):
      guard let twoFactor = login.twoFactor else {
        throw .inactive("no two-factor screen is presented")
      }
      return .twoFactor(twoFactor)
    case (.newGame, .newGame(let newGame)): return .newGame(newGame)
    case (.game, .newGame(let newGame)):
      guard let game = newGame.game else { throw .inactive("no game is being played") }
      return .game(game)
    case (.login, _), (.twoFactor, _):
      throw .inactive("\(displayName) is not shown: the new-game screen is active")
    case (.newGame, _), (.game, _):
      throw .inactive("\(displayName) is not shown: the login screen is active")
    }
  }

  /// The feature presented over this one in `state`, if any: two-factor over login, the game
  /// over new game. A covered screen is still shown (and read) but takes no intents.
  func cover(in state: TicTacToe.State) -> HostFeature? {
    switch (self, state) {
    case (.login, .login(let login)) where login.twoFactor != nil: .twoFactor
    case (.newGame, .newGame(let newGame)) where newGame.game != nil: .game
    default: nil
    }
  }

  /// Throws why this feature is not shown in `state`, as ``state(in:)`` does, without taking
  /// its state out of the app's where the case alone says it is shown: the check before every
  /// send.
  func checkShown(in state: TicTacToe.State) throws(HostCallError) {
    switch self {
    case .root: return
    case .login: if case .login = state { return }
    case .newGame: if case .newGame = state { return }
    case .twoFactor, .game: break
    }
    _ = try self.state(in: state)
  }

  /// Why this feature is not on screen in `state`, or `nil` if it is.
  func inactivity(in state: TicTacToe.State) -> String? {
    do {
      _ = try self.state(in: state)
      return nil
    } catch {
      return error.message
    }
  }

  /// Whether what a handle scoped to this feature reads differs between `old` and `new`: its
  /// state changed, or it appeared or went away.
  func changed(from old: TicTacToe.State, to new: TicTacToe.State) -> Bool {
    // The root reads everything: compared as it is, without wrapping both states.
    if self == .root { return old != new }
    return (try? state(in: old)) != (try? state(in: new))
  }
}

/// A feature's part of the app state, as a handle scoped to that feature reads it.
enum FeatureState: Equatable {
  /// The whole app.
  case root(TicTacToe.State)
  /// The login screen.
  case login(Login.State)
  /// The two-factor screen.
  case twoFactor(TwoFactor.State)
  /// The new-game screen.
  case newGame(NewGame.State)
  /// The game.
  case game(Game.State)

  /// The screen's state itself, for a schema field that reads it
  /// (``AppSchema/TextField/value(in:)``).
  var screen: Any {
    switch self {
    case .root(let state): state
    case .login(let state): state
    case .twoFactor(let state): state
    case .newGame(let state): state
    case .game(let state): state
    }
  }
}
