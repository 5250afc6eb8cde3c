import TicTacToeAuthenticationClient
import TicTacToeTwoFactorCore
import UnidirectionalFlow
import UnidirectionalFlowMacros

/// The sign-in screen: email and password, then, if the account asks for it, the presented
/// second-factor screen.
///
/// A successful sign-in only clears the in-flight flag (and presents ``TwoFactor`` when needed):
/// leaving the screen is the app's call.
@Reducer
public struct Login: Sendable {
  /// The form, the request in flight, the error alert, and the presented second factor.
  ///
  /// The password is a secret: dumps of this state show `"<redacted>"` in its place.
  @ObservableState
  public struct State: Equatable, Sendable {
    /// The email as typed.
    public var email = ""
    /// The password as typed.
    public var password = ""
    /// Whether both fields are filled in.
    public var isFormValid = false
    /// Whether a sign-in request is in flight.
    public var isLoginRequestInFlight = false
    /// The alert showing why the sign-in was rejected, if any.
    @Presents public var alert: AlertState<Action.Alert>?
    /// The presented second-factor screen, if the account requires one.
    public var twoFactor: TwoFactor.State?

    /// An empty form.
    public init() {}

    /// Whether "Log in" may be tapped: the form is valid and no request is in flight.
    public var isLoginButtonEnabled: Bool { isFormValid && !isLoginRequestInFlight }

    /// Whether to show a spinner: a request is in flight.
    public var isActivityIndicatorVisible: Bool { isLoginRequestInFlight }

    /// Whether the form is read-only: a request is in flight.
    public var isFormDisabled: Bool { isLoginRequestInFlight }
  }

  /// The user's intents, the server's answer, and the presented features' actions.
  public enum Action: Equatable, Sendable {
    /// What the user does on the screen.
    case view(View)
    /// The answer to a sign-in request; sent by the request effect only.
    case loginResponse(Result<AuthenticationResponse, AuthenticationError>)
    /// An action of the error alert (only its dismissal).
    case alert(PresentationAction<Alert>)
    /// An action of the presented second-factor screen, or its dismissal.
    case twoFactor(PresentationAction<TwoFactor.Action>)

    /// What the user does on the screen.
    public enum View: Equatable, Sendable {
      /// A field changed: `\.binding.email` or `\.binding.password`.
      case binding(BindingAction<State>)
      /// Signs in with the email and password.
      ///
      /// Ignored (no change, no request) while the form is invalid or a request is in flight:
      /// the reducer, not the front end, enforces the disabled button.
      case loginButtonTapped
    }

    /// The actions of the error alert's buttons: none, it can only be dismissed.
    public enum Alert: Equatable, Sendable {}
  }

  @Dependency(\.authenticationClient) private var authenticationClient

  /// Creates the reducer.
  public init() {}

  /// The form's logic, the request, the alert, and the second factor presented with `ifLet`
  /// (dismissing it cancels its request in flight).
  public var body: some Reducer<State, Action> {
    BindingReducer(action: \.view.binding)
    Reduce { state, action in
      switch action {
      case .view(.binding):
        state.isFormValid = !state.email.isEmpty && !state.password.isEmpty
        return .none

      case .view(.loginButtonTapped):
        guard state.isLoginButtonEnabled else { return .none }
        state.isLoginRequestInFlight = true
        return .run {
          [email = state.email, password = state.password, authenticationClient] send in
          do {
            let response = try await authenticationClient.login(email: email, password: password)
            await send(.loginResponse(.success(response)))
          } catch let error as AuthenticationError {
            await send(.loginResponse(.failure(error)))
          }
        }

      case .loginResponse(.success(let response)):
        state.isLoginRequestInFlight = false
        if response.twoFactorRequired {
          state.twoFactor = TwoFactor.State(token: response.token)
        }
        return .none

      case .loginResponse(.failure(let error)):
        state.alert = AlertState { TextState(Self.alertTitle(for: error, email: state.email)) }
        state.isLoginRequestInFlight = false
        return .none

      case .alert, .twoFactor:
        return .none
      }
    }
    .ifLet(\.$alert, action: \.alert)
    .ifLet(\.twoFactor, action: \.twoFactor) { TwoFactor() }
  }
}

extension Login {
  /// What the alert says about a rejected sign-in: the error's message, and, when the email has
  /// no `@` (which the server rejects as an unknown user, like the reference's), what is wrong
  /// with it, so the person does not look for a mistake in the password.
  static func alertTitle(for error: AuthenticationError, email: String) -> String {
    guard error == .invalidUserPassword, !email.contains("@") else { return error.description }
    return "\(error.description) An email address needs an @, as in blob@pointfree.co."
  }
}
