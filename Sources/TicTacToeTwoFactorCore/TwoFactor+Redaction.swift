extension TwoFactor.State: CustomReflectable {
  /// The fields with the token shown as `"<redacted>"` (or `""` when empty), so state dumps,
  /// test failure messages and `_printChanges` never reveal it.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "token": token.isEmpty ? "" : "<redacted>",
        "code": code,
        "isFormValid": isFormValid,
        "isTwoFactorRequestInFlight": isTwoFactorRequestInFlight,
        "alert": alert as Any,
      ],
      displayStyle: .struct)
  }
}
