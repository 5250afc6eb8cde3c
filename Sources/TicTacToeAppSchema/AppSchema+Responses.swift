import TicTacToeAppCore
import TicTacToeAuthenticationClient
import UnidirectionalFlow

extension AppSchema {
  /// A server's answer, which only an effect sends: its case path, and its two outcomes'
  /// names (`login.loginResponse.success`, `login.loginResponse.failure`).
  public struct Response: Sendable {
    /// What a response carries: the server's answer, or why it refused.
    public typealias Outcome = Result<AuthenticationResponse, AuthenticationError>

    /// Its case path from the root: `login.loginResponse`.
    public let casePath: String
    /// The name of a success: `login.loginResponse.success`.
    public let successPath: String
    /// The name of a failure: `login.loginResponse.failure`.
    public let failurePath: String
    /// The case path of the intent whose effect sends it: `login.view.loginButtonTapped`.
    public let sentAfter: String
    private let path: AnyCasePath<TicTacToe.Action, Outcome>

    init(
      _ casePath: String, _ path: CaseKeyPath<TicTacToe.Action, Outcome>, sentAfter: String
    ) {
      self.casePath = casePath
      self.sentAfter = sentAfter
      successPath = casePath + ".success"
      failurePath = casePath + ".failure"
      self.path = TicTacToe.Action.casePath(path)
    }

    /// The name of `outcome`: ``successPath`` or ``failurePath``.
    public func name(of outcome: Outcome) -> String {
      if case .success = outcome { successPath } else { failurePath }
    }

    /// The app action carrying `outcome`.
    public func make(_ outcome: Outcome) -> TicTacToe.Action { path.embed(outcome) }

    /// The outcome `action` carries, or `nil` if it is not this response.
    public func outcome(of action: TicTacToe.Action) -> Outcome? { path.extract(from: action) }
  }

  /// The server's answers: effect-only actions, which no front end may send.
  public static let responses: [Response] = [
    Response(
      "login.loginResponse", \.login.loginResponse, sentAfter: "login.view.loginButtonTapped"),
    Response(
      "login.twoFactor.twoFactorResponse", \.login.twoFactor.twoFactorResponse,
      sentAfter: "login.twoFactor.view.submitButtonTapped"),
  ]

  /// The response that `path` names: its case path, or any path under it
  /// (`login.loginResponse.success`). What a front end is told when it tries to send one: only
  /// the app's effects send it (ABI 1.5's `TTT_ERR_EFFECT_ONLY`).
  public static func response(containing path: String) -> Response? {
    responses.first { path == $0.casePath || path.hasPrefix($0.casePath + ".") }
  }

  /// The response whose success or failure is named `name`, and whether it names a success.
  public static func response(named name: String) -> (response: Response, isSuccess: Bool)? {
    for response in responses {
      if name == response.successPath { return (response, true) }
      if name == response.failurePath { return (response, false) }
    }
    return nil
  }

  /// The response `action` is, with its outcome, or `nil` for an intent.
  public static func response(of action: TicTacToe.Action) -> (Response, Response.Outcome)? {
    for response in responses {
      if let outcome = response.outcome(of: action) { return (response, outcome) }
    }
    return nil
  }
}
