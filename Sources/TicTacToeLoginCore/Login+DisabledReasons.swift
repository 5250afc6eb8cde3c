extension Login {
  /// Why the login screen ignores an action, as a value that front ends and the host word.
  public enum DisabledReason: Equatable, Sendable {
    /// A login request is already in flight.
    case requestInFlight
    /// The form is incomplete: which of the email and the password are empty.
    case fieldsEmpty(email: Bool, password: Bool)
  }
}

extension Login.State {
  /// Why `action` would change nothing now, or `nil` if it would be carried out.
  ///
  /// The reducer ignores such an action by itself (the disabled "Log in" button); this says
  /// why.
  public func whyDisabled(_ action: Login.Action.View) -> Login.DisabledReason? {
    guard case .loginButtonTapped = action else { return nil }
    if isLoginRequestInFlight { return .requestInFlight }
    guard !isFormValid else { return nil }
    return .fieldsEmpty(email: email.isEmpty, password: password.isEmpty)
  }
}
