extension Login.State {
  /// Why `action` would change nothing now, in words a person reads, or `nil` if it would be
  /// carried out.
  ///
  /// The reducer ignores such an action by itself (the disabled "Log in" button); this says
  /// why.
  public func whyDisabled(_ action: Login.Action.View) -> String? {
    guard case .loginButtonTapped = action else { return nil }
    if isLoginRequestInFlight { return "a login request is already in flight" }
    guard !isFormValid else { return nil }
    switch (email.isEmpty, password.isEmpty) {
    case (true, true): return "fill in the email and the password first"
    case (true, false): return "fill in the email first"
    default: return "fill in the password first"
    }
  }
}
