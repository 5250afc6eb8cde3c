import Foundation
import FrontEndHost
import Testing
import TicTacToeAppCore
import TicTacToeFrontEndABI

/// A hostile or broken front end (Tests/Fixtures/FrontEnds/hostile.c) cannot crash the host or
/// change the state with an invalid call, and every refusal says what was wrong: through
/// `last_error` of the front end that made the call, or a log line naming it.
@MainActor
@Suite struct HostileFrontEndTests {
  let host = makeTestHost()
  let log: DiagnosticLines
  let hostile: Hostile

  init() async throws {
    log = DiagnosticLines(host)
    hostile = try await Hostile()
  }

  /// Attaches the hostile front end, its attach callback doing what `mode` (with `argument`) says.
  func attach(_ mode: Hostile.AttachMode = .normal, argument: String = "") throws
    -> AttachedFrontEnd
  {
    hostile.setAttachMode(mode, argument: argument)
    return try host.attach(FrontEndSpec(hostile.path), ownsTerminal: false).get()
  }

  /// The login screen's email, or a placeholder on another screen.
  var email: String {
    guard case .login(let login) = host.store.state else { return "(not on login)" }
    return login.email
  }

  /// Types `value` as the login screen's email.
  func setEmail(_ value: String) {
    host.store.send(.login(.view(.binding(.set(\.email, value)))))
  }
}
