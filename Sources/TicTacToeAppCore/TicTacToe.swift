import TicTacToeLoginCore
import TicTacToeNewGameCore
import UnidirectionalFlow
import UnidirectionalFlowMacros

/// The whole app: signing in, then choosing players and playing, until logging out.
///
/// The state is the screen: ``State/login(_:)`` or ``State/newGame(_:)``. This reducer only
/// switches screens; each screen's own logic runs through `ifCaseLet`, which ignores (and
/// reports) an action for the screen that is not showing, and cancels a screen's effects when
/// it is left.
@Reducer
public struct TicTacToe: Sendable {
  /// The screen being shown, with its state.
  @ObservableState
  public enum State: Equatable, Sendable {
    /// Signing in.
    case login(Login.State)
    /// Signed in: choosing players, or playing.
    case newGame(NewGame.State)

    /// The app's first screen: an empty login form.
    public init() {
      self = .login(Login.State())
    }
  }

  /// The actions of the screen being shown.
  public enum Action: Equatable, Sendable {
    /// An action of the login screen (and its second factor).
    case login(Login.Action)
    /// An action of the new-game screen (and its game).
    case newGame(NewGame.Action)
  }

  /// Creates the reducer.
  public init() {}

  /// The screen transitions, then the screens' own reducers.
  ///
  /// - A sign-in that needs no second factor, or an accepted second factor, shows a fresh
  ///   new-game screen.
  /// - Logging out shows a fresh login screen.
  ///
  /// A transition happens only from the screen the action belongs to, so an action for the
  /// screen that is not showing changes nothing.
  public var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .login(.twoFactor(.presented(.twoFactorResponse(.success)))):
        guard case .login(let login) = state, login.twoFactor != nil else { return .none }
        state = .newGame(NewGame.State())
        return .none

      case .login(.loginResponse(.success(let response))) where !response.twoFactorRequired:
        guard case .login = state else { return .none }
        state = .newGame(NewGame.State())
        return .none

      case .newGame(.logoutButtonTapped):
        guard case .newGame = state else { return .none }
        state = .login(Login.State())
        return .none

      case .login, .newGame:
        return .none
      }
    }
    .ifCaseLet(\.login, action: \.login) { Login() }
    .ifCaseLet(\.newGame, action: \.newGame) { NewGame() }
  }
}
