import TicTacToeLoginCore

extension TicTacToe.State {
  /// The secrets the app holds now, none empty: the password as typed and the intermediate
  /// two-factor token while signing in; none once signed in (logging in again starts from an
  /// empty form).
  ///
  /// Messages that quote what a user typed must not contain any of them (the user may type the
  /// password in the wrong place); the host redacts them by value.
  public var secrets: [String] {
    guard case .login(let login) = self else { return [] }
    return [login.password, login.twoFactor?.token ?? ""].filter { !$0.isEmpty }
  }
}
