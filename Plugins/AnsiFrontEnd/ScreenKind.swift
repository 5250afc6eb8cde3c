import FrontEndKit

/// Which screen is shown, without its contents: a change resets the focus.
enum ScreenKind: Equatable {
  case login
  case twoFactor
  case newGame
  case game

  /// The kind of `screen`.
  init(_ screen: Screen) {
    switch screen {
    case .login: self = .login
    case .twoFactor: self = .twoFactor
    case .newGame: self = .newGame
    case .game: self = .game
    }
  }
}
