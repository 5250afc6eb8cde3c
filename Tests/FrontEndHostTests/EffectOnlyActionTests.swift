import FrontEndHost
import TestSupport
import Testing
import TicTacToeAppSchema
import TicTacToeFrontEndABI

/// `find_action` and `TTT_ERR_EFFECT_ONLY` (ABI 1.5), through the probe: a case path is an
/// intent, a server response that only the app's effects send, or nothing, as the app schema
/// says; the routines that take a case path say the same to a 1.5 front end, and what they said
/// before to an older one.
@MainActor
@Suite struct EffectOnlyActionTests {
  let host = makeTestHost()

  /// Every path a response names, from the schema: its own, its success's and its failure's.
  static let responsePaths = AppSchema.responses.flatMap {
    [($0.casePath, $0), ($0.successPath, $0), ($0.failurePath, $0)]
  }

  func attached(_ defines: [String] = []) async throws -> Probe {
    let probe = try await Probe(defines: defines)
    _ = try host.attach(FrontEndSpec(probe.path), ownsTerminal: false).get()
    return probe
  }

  @Test func findsAnIntentsDescription() async throws {
    let probe = try await attached()
    for path in probe.actionPaths {
      let (status, found) = probe.findAction(path)
      #expect(status == TTT_OK)
      #expect(found == path)
    }
  }

  @Test func tellsAResponseFromNothing() async throws {
    let probe = try await attached()
    for (path, response) in Self.responsePaths {
      let (status, found) = probe.findAction(path)
      #expect(status == TTT_ERR_EFFECT_ONLY, "\(path)")
      #expect(found == nil)
      #expect(
        probe.lastError
          == "'\(path)' is a server response: only the effect of \(response.sentAfter) sends it")
      #expect(AppSchema.intent(named: response.sentAfter) != nil, "an intent sends it")
    }
    #expect(probe.findAction("login.loginResponseX") == (TTT_ERR_UNKNOWN, nil))
    #expect(probe.lastError == "unknown action 'login.loginResponseX'")
    #expect(probe.findAction("login.nope") == (TTT_ERR_UNKNOWN, nil))
  }

  @Test func sendsOfAResponseSayItToA15FrontEnd() async throws {
    let probe = try await attached()
    #expect(probe.sendPath("login.loginResponse.failure") == TTT_ERR_EFFECT_ONLY)
    #expect(
      probe.lastError
        == "'login.loginResponse.failure' is a server response: only the effect of "
        + "login.view.loginButtonTapped sends it")
    #expect(probe.sendPath("login.twoFactor.twoFactorResponse", string: "x") == TTT_ERR_EFFECT_ONLY)
  }

  /// A front end built for 1.4 or older gets what a 1.4 host said: `TTT_ERR_UNKNOWN`.
  @Test(arguments: [3, 4]) func anOlderFrontEndGetsUnknownAsBefore(minor: Int) async throws {
    let probe = try await attached(["PROBE_ABI_MINOR=\(minor)"])
    #expect(probe.sendPath("login.loginResponse.success") == TTT_ERR_UNKNOWN)
    #expect(probe.lastError == "unknown action 'login.loginResponse.success'")
  }

  /// A path under a response that quotes the password is quoted redacted.
  @Test func aQuotedPasswordIsRedacted() async throws {
    let probe = try await attached()
    #expect(probe.sendPath("login.view.binding.password", string: "hunter2secret") == TTT_OK)
    let (status, _) = probe.findAction("login.loginResponse.hunter2secret")
    #expect(status == TTT_ERR_EFFECT_ONLY)
    #expect(!probe.lastError.contains("hunter2secret"))
  }
}

extension Probe {
  /// `find_action`'s status for `casePath`, and the case path of the description it gave.
  func findAction(_ casePath: String) -> (status: ttt_status, found: String?) {
    typealias Find =
      @convention(c) (UnsafePointer<CChar>, UnsafeMutablePointer<UnsafePointer<CChar>?>) -> Int32
    var found: UnsafePointer<CChar>?
    let status = casePath.withCString { function("probe_find_action", as: Find.self)($0, &found) }
    return (ttt_status(status), found.map { String(cString: $0) })
  }
}
