import AuthenticationClient
import TwoFactorCore
import UnidirectionalFlow

extension Login.Action: CasePathable {
  /// The case paths of ``Login/Action``: `\.view`, `\.loginResponse`, `\.alert`, `\.twoFactor`.
  public struct AllCasePaths: Sendable {
    /// The user's intents: `\.view.binding.email`, `\.view.loginButtonTapped`.
    public var view: AnyCasePath<Login.Action, Login.Action.View> {
      AnyCasePath(embed: Login.Action.view) {
        if case .view(let action) = $0 { action } else { nil }
      }
    }

    /// The server's answer.
    public var loginResponse:
      AnyCasePath<Login.Action, Result<AuthenticationResponse, AuthenticationError>>
    {
      AnyCasePath(embed: Login.Action.loginResponse) {
        if case .loginResponse(let result) = $0 { result } else { nil }
      }
    }

    /// The error alert: `\.alert.dismiss`.
    public var alert: AnyCasePath<Login.Action, PresentationAction<Login.Action.Alert>> {
      AnyCasePath(embed: Login.Action.alert) {
        if case .alert(let action) = $0 { action } else { nil }
      }
    }

    /// The presented second factor: `\.twoFactor.view.submitButtonTapped`, `\.twoFactor.dismiss`.
    public var twoFactor: AnyCasePath<Login.Action, PresentationAction<TwoFactor.Action>> {
      AnyCasePath(embed: Login.Action.twoFactor) {
        if case .twoFactor(let action) = $0 { action } else { nil }
      }
    }
  }

  /// The case paths of ``Login/Action``.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}

extension Login.Action.View: CasePathable {
  /// The case paths of ``Login/Action/View``: `\.binding`, `\.loginButtonTapped`.
  public struct AllCasePaths: Sendable {
    /// Changes to the email and password fields.
    public var binding: AnyCasePath<Login.Action.View, BindingAction<Login.State>> {
      AnyCasePath(embed: Login.Action.View.binding) {
        if case .binding(let action) = $0 { action } else { nil }
      }
    }

    /// The login button.
    public var loginButtonTapped: AnyCasePath<Login.Action.View, Void> {
      AnyCasePath(payloadless: .loginButtonTapped) {
        if case .loginButtonTapped = $0 { true } else { false }
      }
    }
  }

  /// The case paths of ``Login/Action/View``.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}

extension Login.Action.Alert: CasePathable {
  /// The case paths of ``Login/Action/Alert``: none, the alert has no actions of its own.
  public struct AllCasePaths: Sendable {}

  /// The (empty) case paths of ``Login/Action/Alert``.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}
