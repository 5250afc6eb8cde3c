import UnidirectionalFlow

extension Login.State: CustomReflectable {
  /// The fields with the password shown as `"<redacted>"` (or `""` when empty), so state dumps,
  /// test failure messages and `_printChanges` never reveal it. The presented second factor
  /// redacts its own token.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "email": email,
        "password": redacted(password),
        "isFormValid": isFormValid,
        "isLoginRequestInFlight": isLoginRequestInFlight,
        "alert": alert as Any,
        "twoFactor": twoFactor as Any,
      ],
      displayStyle: .struct)
  }
}

extension Login.Action.View: CustomReflectable {
  /// The action with a password binding's value shown as `"<redacted>"`, so logging actions
  /// (`_printChanges`, test failure messages) never reveals what was typed.
  public var customMirror: Mirror {
    switch self {
    case .binding(let action):
      let shown =
        if let password = action.value(at: \Login.State.password) {
          BindingAction<Login.State>.set(\.password, redacted(password))
        } else {
          action
        }
      return Mirror(self, children: ["binding": shown], displayStyle: .enum)
    case .loginButtonTapped:
      return Mirror(self, children: [:], displayStyle: .enum)
    }
  }
}

/// How a secret appears in dumps: `""` when empty, `"<redacted>"` otherwise.
private func redacted(_ secret: String) -> String {
  secret.isEmpty ? "" : "<redacted>"
}
