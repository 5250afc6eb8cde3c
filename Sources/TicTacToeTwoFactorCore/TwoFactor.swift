import TicTacToeAuthenticationClient
import UnidirectionalFlow
import UnidirectionalFlowMacros

/// The second step of signing in: the user enters the code sent to them, which is checked with
/// the intermediate token from the first step.
///
/// A success only clears the in-flight flag: what comes next is the presenting feature's call.
@Reducer
public struct TwoFactor: Sendable {
  /// The form, the request in flight, and the error alert.
  ///
  /// The token is a secret: dumps of this state show `"<redacted>"` in its place.
  @ObservableState
  public struct State: Equatable, Sendable {
    /// The intermediate token returned by the login step; sent along with the code.
    public let token: String
    /// The code as typed.
    public var code = ""
    /// Whether the code is long enough to submit (``minimumCodeLength`` characters or more).
    public var isFormValid = false
    /// The fewest characters a code may have.
    public static let minimumCodeLength = 4
    /// Whether a submitted code is being checked.
    public var isTwoFactorRequestInFlight = false
    /// The alert showing why the code was rejected, if any.
    @Presents public var alert: AlertState<Action.Alert>?

    /// A fresh form for the intermediate `token`.
    public init(token: String) {
      self.token = token
    }

    /// Whether "Submit" may be tapped: the form is valid and no request is in flight.
    public var isSubmitButtonEnabled: Bool { isFormValid && !isTwoFactorRequestInFlight }

    /// Whether to show a spinner: a request is in flight.
    public var isActivityIndicatorVisible: Bool { isTwoFactorRequestInFlight }

    /// Whether the form is read-only: a request is in flight.
    public var isFormDisabled: Bool { isTwoFactorRequestInFlight }
  }

  /// The user's intents, the server's answer, and the alert's actions.
  public enum Action: Equatable, Sendable {
    /// What the user does on the screen.
    case view(View)
    /// The answer to a submitted code; sent by the request effect only.
    case twoFactorResponse(Result<AuthenticationResponse, AuthenticationError>)
    /// An action of the error alert (only its dismissal).
    case alert(PresentationAction<Alert>)

    /// What the user does on the screen.
    public enum View: Equatable, Sendable {
      /// The code field changed: `\.binding.code`.
      case binding(BindingAction<State>)
      /// Submits the code.
      ///
      /// Ignored (no change, no request) while the form is invalid or a request is in flight:
      /// the reducer, not the front end, enforces the disabled button.
      case submitButtonTapped
    }

    /// The actions of the error alert's buttons: none, it can only be dismissed.
    public enum Alert: Equatable, Sendable {}
  }

  @Dependency(\.authenticationClient) private var authenticationClient

  /// Creates the reducer.
  public init() {}

  /// The form's logic, the request, and the alert.
  public var body: some Reducer<State, Action> {
    BindingReducer(action: \.view.binding)
    Reduce { state, action in
      switch action {
      case .view(.binding):
        state.isFormValid = state.code.count >= State.minimumCodeLength
        return .none

      case .view(.submitButtonTapped):
        guard state.isSubmitButtonEnabled else { return .none }
        state.isTwoFactorRequestInFlight = true
        return .run { [code = state.code, token = state.token, authenticationClient] send in
          do {
            let response = try await authenticationClient.twoFactor(code: code, token: token)
            await send(.twoFactorResponse(.success(response)))
          } catch let error as AuthenticationError {
            await send(.twoFactorResponse(.failure(error)))
          }
        }

      case .twoFactorResponse(.success):
        state.isTwoFactorRequestInFlight = false
        return .none

      case .twoFactorResponse(.failure(let error)):
        state.alert = AlertState { TextState(error.description) }
        state.isTwoFactorRequestInFlight = false
        return .none

      case .alert:
        return .none
      }
    }
    .ifLet(\.$alert, action: \.alert)
  }
}
