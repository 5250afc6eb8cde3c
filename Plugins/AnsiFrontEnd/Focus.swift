/// Where keyboard focus is on the login screen.
enum LoginFocus: CaseIterable {
  case email
  case password
  case loginButton
}

/// Where keyboard focus is on the two-factor screen.
enum TwoFactorFocus: CaseIterable {
  case code
  case submitButton
}

/// Where keyboard focus is on the new-game screen.
enum NewGameFocus: CaseIterable {
  case xPlayerName
  case oPlayerName
  case letsPlayButton
  case logoutButton
}

extension CaseIterable where Self: Equatable, AllCases: BidirectionalCollection {
  /// The next case (`step` 1) or the previous one (`step` -1), wrapping around like tab does.
  func moved(by step: Int) -> Self {
    let all = Array(Self.allCases)
    let index = all.firstIndex(of: self) ?? 0
    return all[((index + step) % all.count + all.count) % all.count]
  }
}
