import AppCore
import GameCore
import Glibc
import LoginCore
import NewGameCore
import TicTacToeFrontendABI
import TwoFactorCore
import UnidirectionalFlow

/// Turns a front end's `ttt_action` into an app action, validating everything first: the tag,
/// the payload, which feature the handle is scoped to, and whether that feature is on screen.
///
/// This is the trust boundary of the ABI: a front end is third-party code, so nothing it sends
/// reaches the store unless it is a well-formed user intent for a feature that is active.
enum ActionImport {
  /// The longest text a binding action accepts, in bytes.
  static let maximumTextLength = 64 * 1024

  /// The feature each action tag belongs to.
  static func feature(of tag: UInt32) -> Feature? {
    switch ttt_action_tag(rawValue: tag) {
    case TTT_ACTION_LOGIN_SET_EMAIL, TTT_ACTION_LOGIN_SET_PASSWORD,
      TTT_ACTION_LOGIN_BUTTON_TAPPED, TTT_ACTION_LOGIN_ALERT_DISMISS:
      .login
    case TTT_ACTION_TWO_FACTOR_SET_CODE, TTT_ACTION_TWO_FACTOR_SUBMIT_BUTTON_TAPPED,
      TTT_ACTION_TWO_FACTOR_ALERT_DISMISS, TTT_ACTION_TWO_FACTOR_DISMISS:
      .twoFactor
    case TTT_ACTION_NEW_GAME_SET_O_PLAYER_NAME, TTT_ACTION_NEW_GAME_SET_X_PLAYER_NAME,
      TTT_ACTION_NEW_GAME_LETS_PLAY_BUTTON_TAPPED, TTT_ACTION_NEW_GAME_LOGOUT_BUTTON_TAPPED:
      .newGame
    case TTT_ACTION_GAME_CELL_TAPPED, TTT_ACTION_GAME_PLAY_AGAIN_BUTTON_TAPPED,
      TTT_ACTION_GAME_QUIT_BUTTON_TAPPED, TTT_ACTION_GAME_DISMISS:
      .game
    default:
      nil
    }
  }

  /// Checks what can be checked without the state (safe on any thread), and builds the action.
  static func action(
    from action: ttt_action, through handle: Feature
  ) -> Result<TicTacToe.Action, RoutineError> {
    guard let feature = feature(of: action.tag) else {
      return .failure(.unknown("unknown action tag \(action.tag)"))
    }
    guard feature.isWithin(handle) else {
      return .failure(
        .wrongFeature(
          "action tag \(action.tag) belongs to \(feature.displayName), but the handle is scoped "
            + "to \(handle.displayName)"))
    }
    func text() -> Result<String, RoutineError> {
      guard let pointer = action.text else {
        return .failure(.invalid("action tag \(action.tag) needs a text, but text is NULL"))
      }
      let length = strnlen(pointer, maximumTextLength + 1)
      guard length <= maximumTextLength else {
        return .failure(.invalid("text is longer than \(maximumTextLength) bytes"))
      }
      let bytes = UnsafeRawBufferPointer(start: pointer, count: length)
      guard let string = String(validating: bytes.bindMemory(to: UInt8.self), as: UTF8.self) else {
        return .failure(.invalid("text is not valid UTF-8"))
      }
      return .success(string)
    }
    switch ttt_action_tag(rawValue: action.tag) {
    case TTT_ACTION_LOGIN_SET_EMAIL:
      return text().map { .login(.view(.binding(.set(\.email, $0)))) }
    case TTT_ACTION_LOGIN_SET_PASSWORD:
      return text().map { .login(.view(.binding(.set(\.password, $0)))) }
    case TTT_ACTION_LOGIN_BUTTON_TAPPED:
      return .success(.login(.view(.loginButtonTapped)))
    case TTT_ACTION_LOGIN_ALERT_DISMISS:
      return .success(.login(.alert(.dismiss)))
    case TTT_ACTION_TWO_FACTOR_SET_CODE:
      return text().map { .login(.twoFactor(.presented(.view(.binding(.set(\.code, $0)))))) }
    case TTT_ACTION_TWO_FACTOR_SUBMIT_BUTTON_TAPPED:
      return .success(.login(.twoFactor(.presented(.view(.submitButtonTapped)))))
    case TTT_ACTION_TWO_FACTOR_ALERT_DISMISS:
      return .success(.login(.twoFactor(.presented(.alert(.dismiss)))))
    case TTT_ACTION_TWO_FACTOR_DISMISS:
      return .success(.login(.twoFactor(.dismiss)))
    case TTT_ACTION_NEW_GAME_SET_O_PLAYER_NAME:
      return text().map { .newGame(.binding(.set(\.oPlayerName, $0))) }
    case TTT_ACTION_NEW_GAME_SET_X_PLAYER_NAME:
      return text().map { .newGame(.binding(.set(\.xPlayerName, $0))) }
    case TTT_ACTION_NEW_GAME_LETS_PLAY_BUTTON_TAPPED:
      return .success(.newGame(.letsPlayButtonTapped))
    case TTT_ACTION_NEW_GAME_LOGOUT_BUTTON_TAPPED:
      return .success(.newGame(.logoutButtonTapped))
    case TTT_ACTION_GAME_CELL_TAPPED:
      guard (0...2).contains(action.row) else {
        return .failure(.invalid("row \(action.row) is out of range 0...2"))
      }
      guard (0...2).contains(action.column) else {
        return .failure(.invalid("column \(action.column) is out of range 0...2"))
      }
      return .success(
        .newGame(.game(.presented(.cellTapped(row: Int(action.row), column: Int(action.column))))))
    case TTT_ACTION_GAME_PLAY_AGAIN_BUTTON_TAPPED:
      return .success(.newGame(.game(.presented(.playAgainButtonTapped))))
    case TTT_ACTION_GAME_QUIT_BUTTON_TAPPED:
      return .success(.newGame(.game(.presented(.quitButtonTapped))))
    case TTT_ACTION_GAME_DISMISS:
      return .success(.newGame(.game(.dismiss)))
    default:
      return .failure(.unknown("unknown action tag \(action.tag)"))
    }
  }

  /// Checks that the action's feature, and the alert it dismisses, are on screen in `state`.
  static func checkActive(tag: UInt32, in state: TicTacToe.State) -> RoutineError? {
    guard let feature = feature(of: tag) else { return .unknown("unknown action tag \(tag)") }
    if let reason = feature.inactivity(in: state) { return .inactive(reason) }
    switch (ttt_action_tag(rawValue: tag), state) {
    case (TTT_ACTION_LOGIN_ALERT_DISMISS, .login(let login)) where login.alert == nil:
      return .inactive("no alert is shown on the login screen")
    case (TTT_ACTION_TWO_FACTOR_ALERT_DISMISS, .login(let login))
    where login.twoFactor?.alert == nil:
      return .inactive("no alert is shown on the two-factor screen")
    default:
      return nil
    }
  }
}
