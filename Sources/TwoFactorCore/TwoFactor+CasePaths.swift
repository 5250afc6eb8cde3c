import AuthenticationClient
import UnidirectionalFlow

extension TwoFactor.Action: CasePathable {
  /// The case paths of ``TwoFactor/Action``: `\.view`, `\.twoFactorResponse`, `\.alert`.
  public struct AllCasePaths: Sendable {
    /// The user's intents: `\.view.binding.code`, `\.view.submitButtonTapped`.
    public var view: AnyCasePath<TwoFactor.Action, TwoFactor.Action.View> {
      AnyCasePath(embed: TwoFactor.Action.view) {
        if case .view(let action) = $0 { action } else { nil }
      }
    }

    /// The server's answer.
    public var twoFactorResponse:
      AnyCasePath<TwoFactor.Action, Result<AuthenticationResponse, AuthenticationError>>
    {
      AnyCasePath(embed: TwoFactor.Action.twoFactorResponse) {
        if case .twoFactorResponse(let result) = $0 { result } else { nil }
      }
    }

    /// The error alert: `\.alert.dismiss`.
    public var alert: AnyCasePath<TwoFactor.Action, PresentationAction<TwoFactor.Action.Alert>> {
      AnyCasePath(embed: TwoFactor.Action.alert) {
        if case .alert(let action) = $0 { action } else { nil }
      }
    }
  }

  /// The case paths of ``TwoFactor/Action``.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}

extension TwoFactor.Action.View: CasePathable {
  /// The case paths of ``TwoFactor/Action/View``: `\.binding`, `\.submitButtonTapped`.
  public struct AllCasePaths: Sendable {
    /// Changes to the code field.
    public var binding: AnyCasePath<TwoFactor.Action.View, BindingAction<TwoFactor.State>> {
      AnyCasePath(embed: TwoFactor.Action.View.binding) {
        if case .binding(let action) = $0 { action } else { nil }
      }
    }

    /// The submit button.
    public var submitButtonTapped: AnyCasePath<TwoFactor.Action.View, Void> {
      AnyCasePath(payloadless: .submitButtonTapped) {
        if case .submitButtonTapped = $0 { true } else { false }
      }
    }
  }

  /// The case paths of ``TwoFactor/Action/View``.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}

extension TwoFactor.Action.Alert: CasePathable {
  /// The case paths of ``TwoFactor/Action/Alert``: none, the alert has no actions of its own.
  public struct AllCasePaths: Sendable {}

  /// The (empty) case paths of ``TwoFactor/Action/Alert``.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}
