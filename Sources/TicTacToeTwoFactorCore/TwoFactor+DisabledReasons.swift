extension TwoFactor.State {
  /// Why `action` would change nothing now, in words a person reads, or `nil` if it would be
  /// carried out.
  ///
  /// The reducer ignores such an action by itself (the disabled "Submit" button); this says
  /// why.
  public func whyDisabled(_ action: TwoFactor.Action.View) -> String? {
    guard case .submitButtonTapped = action else { return nil }
    if isTwoFactorRequestInFlight { return "the code is already being checked" }
    return isFormValid ? nil : "the code needs at least 4 characters"
  }
}
