import Foundation
import FrontEndHost
import HostIO
import Synchronization
import TestSupport
import Testing
import TicTacToeAppCore
import TicTacToeAuthenticationClient
import TicTacToeFrontEndABI
import UnidirectionalFlow
import UnidirectionalFlowTesting

/// A property of every output: random passwords and tokens (seeded, so a failure can be
/// replayed), driven through every front end, the host's trace and log, and its error messages,
/// never appear in any byte the host or a front end writes. Nor do the live server's tokens.
///
/// `SECRETS_ITERATIONS` (default 200) and `SECRETS_SEED` change the run.
@Suite struct SecretPropertyTests {
  static let iterations =
    ProcessInfo.processInfo.environment["SECRETS_ITERATIONS"].flatMap { Int($0) } ?? 200
  static let seed =
    ProcessInfo.processInfo.environment["SECRETS_SEED"].flatMap { UInt64($0) } ?? 0x7777_2024
  /// The live authentication client's tokens.
  static let liveTokens = ["deadbeef", "deadbeefdeadbeef"]

  // MARK: In process: the stock front ends as observers writing files, the trace, the ABI

  /// The secrets the in-process server works with, changed by the test between iterations.
  final class Server: Sendable {
    let secrets = Mutex((password: "", firstToken: "", secondToken: ""))

    /// A server like the live one whose password and tokens are the current secrets.
    var client: AuthenticationClient {
      AuthenticationClient(
        login: { email, password in
          let secrets = self.secrets.withLock { $0 }
          guard email.contains("@"), password == secrets.password else {
            throw AuthenticationError.invalidUserPassword
          }
          return AuthenticationResponse(
            token: secrets.firstToken, twoFactorRequired: email.contains("2fa"))
        },
        twoFactor: { code, token in
          let secrets = self.secrets.withLock { $0 }
          guard token == secrets.firstToken else {
            throw AuthenticationError.invalidIntermediateToken
          }
          guard code == "1234" else { throw AuthenticationError.invalidTwoFactor }
          return AuthenticationResponse(token: secrets.secondToken, twoFactorRequired: false)
        })
    }
  }

  @MainActor
  @Test func randomSecretsNeverReachAnOutputInProcess() async throws {
    var generator = SeededGenerator(seed: Self.seed)
    let server = Server()
    let store = Store(initialState: TicTacToe.State()) {
      TicTacToe()
    } withDependencies: {
      $0.authenticationClient = server.client
      $0.continuousClock = ImmediateClock()
    }
    let host = FrontEndHost(
      store: store,
      searchPath: FrontEndSearchPath(executablePath: Fixtures.hostExecutable, environment: [:]),
      loop: PollingEventLoop.shared)
    host.onExit = { _ in }
    host.isTracing = true
    var diagnostics: [UInt8] = []
    host.diagnostics = { diagnostics += Array(($0 + "\n").utf8) }
    let directory = try Fixtures.temporaryDirectory()
    let files = ["text", "jsonl", "ansi"].map { directory.appendingPathComponent("\($0).out").path }
    for (name, file) in zip(["text", "jsonl", "ansi"], files) {
      _ = try host.attach(
        FrontEndSpec("\(try Fixtures.stockFrontEnd(name)):\(file)"), ownsTerminal: false
      ).get()
    }
    let probe = try await Probe()
    _ = try host.attach(FrontEndSpec(probe.path), ownsTerminal: false).get()

    var errors: [UInt8] = []
    func check(_ status: ttt_status, _ expected: ttt_status, _ what: String) {
      #expect(status == expected, "\(what): \(probe.lastError)")
      errors += Array((probe.lastError + "\n").utf8)
    }
    func streams() -> [(String, [UInt8])] {
      files.map { ($0, Array(FileManager.default.contents(atPath: $0) ?? Data())) } + [
        ("diagnostics", diagnostics), ("last_error messages", errors),
        ("probe action events", Array(probe.actions.joined(separator: "\n").utf8)),
      ]
    }
    var allSecrets: [String] = []
    var checkedFrom = streams().map(\.1.count)

    for iteration in 0..<Self.iterations {
      let password = Secrets.password(using: &generator)
      let secrets = (
        password: password, firstToken: Secrets.token(using: &generator),
        secondToken: Secrets.token(using: &generator)
      )
      server.secrets.withLock { $0 = secrets }
      let twoFactor = iteration.isMultiple(of: 2)
      let email = twoFactor ? "2fa-\(iteration)@pointfree.co" : "user-\(iteration)@pointfree.co"

      check(probe.send(TTT_ACTION_LOGIN_SET_EMAIL, text: email), TTT_OK, "email")
      // A wrong password first: the alert says so without quoting it.
      check(probe.send(TTT_ACTION_LOGIN_SET_PASSWORD, text: password + "!"), TTT_OK, "password")
      check(probe.send(TTT_ACTION_LOGIN_BUTTON_TAPPED), TTT_OK, "log in")
      await host.store.awaitEffects()
      check(probe.send(TTT_ACTION_LOGIN_ALERT_DISMISS), TTT_OK, "dismiss the wrong password")
      // Invalid sends carrying the password: wrong handle, wrong screen, too long, wrong type.
      check(
        probe.send(TTT_ACTION_LOGIN_SET_PASSWORD, through: TTT_FEATURE_GAME, text: password),
        TTT_ERR_WRONG_FEATURE, "password through the game handle")
      check(
        probe.sendPath("newGame.binding.xPlayerName", string: password), TTT_ERR_INACTIVE,
        "password as a player name on the login screen")
      check(
        probe.send(
          TTT_ACTION_LOGIN_SET_PASSWORD,
          text: String(repeating: password, count: 70_000 / password.utf8.count + 1)),
        TTT_ERR_INVALID_ARGUMENT, "a password too long")
      check(
        probe.sendPath("login.loginResponse.success", string: password), TTT_ERR_EFFECT_ONLY,
        "a server response")
      // The right password, typed the three ways the ABI allows.
      switch iteration % 3 {
      case 0:
        check(probe.edit(TTT_FIELD_LOGIN_PASSWORD, TTT_EDIT_CLEAR), TTT_OK, "clear")
        check(probe.edit(TTT_FIELD_LOGIN_PASSWORD, TTT_EDIT_APPEND, password), TTT_OK, "append")
      case 1:
        check(
          probe.sendPath("login.view.binding.password", string: password), TTT_OK, "send_path")
      default:
        check(probe.send(TTT_ACTION_LOGIN_SET_PASSWORD, text: password), TTT_OK, "send")
      }
      check(probe.send(TTT_ACTION_LOGIN_BUTTON_TAPPED), TTT_OK, "log in")
      await host.store.awaitEffects()
      if twoFactor {
        check(probe.send(TTT_ACTION_TWO_FACTOR_SET_CODE, text: "0000"), TTT_OK, "wrong code")
        check(probe.send(TTT_ACTION_TWO_FACTOR_SUBMIT_BUTTON_TAPPED), TTT_OK, "submit")
        await host.store.awaitEffects()
        check(probe.send(TTT_ACTION_TWO_FACTOR_ALERT_DISMISS), TTT_OK, "dismiss the wrong code")
        check(probe.send(TTT_ACTION_TWO_FACTOR_SET_CODE, text: "1234"), TTT_OK, "code")
        check(probe.send(TTT_ACTION_TWO_FACTOR_SUBMIT_BUTTON_TAPPED), TTT_OK, "submit")
        await host.store.awaitEffects()
      }
      guard case .newGame = host.store.state else {
        Issue.record("iteration \(iteration) did not log in")
        return
      }
      check(probe.send(TTT_ACTION_NEW_GAME_LOGOUT_BUTTON_TAPPED), TTT_OK, "log out")

      // What this iteration wrote, checked for every secret and every 12-byte piece of one.
      let current = streams()
      for ((name, bytes), start) in zip(current, checkedFrom) {
        let written = Array(bytes[min(start, bytes.count)...])
        for secret in [secrets.password, secrets.firstToken, secrets.secondToken] {
          if let leak = Secrets.leak(of: secret, in: written, pieces: true) {
            Issue.record("iteration \(iteration): \(leak) in \(name)")
          }
        }
      }
      checkedFrom = current.map(\.1.count)
      allSecrets += [secrets.password, secrets.firstToken, secrets.secondToken]
    }

    // Every output, whole, against every secret and the live tokens.
    for (name, bytes) in streams() {
      #expect(!bytes.isEmpty, "\(name) is empty: nothing was checked")
      for secret in allSecrets + Self.liveTokens {
        if let leak = Secrets.leak(of: secret, in: bytes, pieces: false) {
          Issue.record("\(leak) in \(name)")
        }
      }
    }
    #expect(allSecrets.count == 3 * Self.iterations)
    #expect(diagnostics.count > 0 && String(decoding: diagnostics, as: UTF8.self).contains("trace"))
  }
}
