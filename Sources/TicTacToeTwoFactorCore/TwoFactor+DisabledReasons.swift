extension TwoFactor {
  /// Why the two-factor screen ignores an action, as a value that front ends and the host word.
  public enum DisabledReason: Equatable, Sendable {
    /// The code is already being checked.
    case requestInFlight
    /// The code is shorter than `minimumLength` characters.
    case codeTooShort(minimumLength: Int)
  }
}

extension TwoFactor.State {
  /// Why `action` would change nothing now, or `nil` if it would be carried out.
  ///
  /// The reducer ignores such an action by itself (the disabled "Submit" button); this says
  /// why.
  public func whyDisabled(_ action: TwoFactor.Action.View) -> TwoFactor.DisabledReason? {
    guard case .submitButtonTapped = action else { return nil }
    if isTwoFactorRequestInFlight { return .requestInFlight }
    return isFormValid ? nil : .codeTooShort(minimumLength: Self.minimumCodeLength)
  }
}
