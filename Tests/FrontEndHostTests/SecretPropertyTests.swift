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

  // MARK: The real executable, over pipes, with the live server

  /// Batches of passwords, one `tictactoe` process per batch and terminal owner.
  static let batches = 8

  @Test(arguments: ["text", "jsonl"])
  func randomPasswordsNeverReachAnOutputOfTheProcess(owner: String) async throws {
    var generator = SeededGenerator(seed: Self.seed ^ (owner == "text" ? 1 : 2))
    let perBatch = max(1, Self.iterations / Self.batches)
    for batch in 0..<Self.batches {
      let passwords = (0..<perBatch).map { _ in
        Secrets.password(using: &generator, textSafe: owner == "text")
      }
      let directory = try Fixtures.temporaryDirectory()
      let files = ["text", "jsonl", "ansi"].map {
        directory.appendingPathComponent("\($0).out").path
      }
      var arguments = ["--frontend", owner, "--auth-delay", "0"]
      for (name, file) in zip(["text", "jsonl", "ansi"], files) {
        arguments += ["--frontend", "\(name):\(file)"]
      }
      let input =
        owner == "text"
        ? Script.text(passwords: passwords, directory: directory.path)
        : Script.jsonl(passwords: passwords, directory: directory.path)
      let result = try await PipedHost.run(
        arguments: arguments, input: input, environment: ["TICTACTOE_TRACE": "1"])
      #expect(result.status == 0, "batch \(batch): \(result.standardError.suffix(500))")
      let outputs =
        [("standard output", result.standardOutput), ("standard error", result.standardError)]
        + files.map { ($0, Array(FileManager.default.contents(atPath: $0) ?? Data())) }
      for (name, bytes) in outputs {
        if name != "standard error" {
          #expect(!bytes.isEmpty, "batch \(batch): \(name) is empty")
        }
        for secret in passwords + Self.liveTokens {
          if let leak = Secrets.leak(of: secret, in: bytes, pieces: passwords.contains(secret)) {
            Issue.record("\(owner), batch \(batch): \(leak) in \(name)")
          }
        }
      }
      let standardError = String(decoding: result.standardError, as: UTF8.self)
      #expect(standardError.contains("tictactoe: trace: "), "the trace was on")
      #expect(standardError.contains("login.twoFactor.twoFactorResponse.success"))
      // The wrong-password alert was shown for every password.
      let events = String(decoding: outputs[3].1, as: UTF8.self)
      #expect(
        events.components(separatedBy: "login.loginResponse.failure").count - 1
          == passwords.count, "batch \(batch)")
    }
  }
}

/// Scripts that type each password, have it refused, and misplace it; then log in once with a
/// second factor (the live server's tokens then sit in the state).
enum Script {
  static func text(passwords: [String], directory: String) -> [UInt8] {
    var lines: [String] = []
    for password in passwords {
      lines += [
        "email blob@pointfree.co", "password \(password)", "login", "ok",
        // Misplaced: an unknown command followed by the password.
        "passwd \(password)", "code \(password)",
        // Typed where the messages quote it: a front end to switch to, attach or detach, and
        // a host command (issue 12, defect 4).
        ":frontend \(password)", ":attach \(password)", ":\(password)", ":detach \(password)",
        ":attach text:\(directory)/\(password)",
      ]
    }
    lines += [
      "email 2fa@pointfree.co", "password password", "login", "code 0000", "submit", "ok",
      "code 1234", "submit", "password \(passwords[0])", "logout",
    ]
    return Array((lines.joined(separator: "\n") + "\n").utf8)
  }

  static func jsonl(passwords: [String], directory: String) -> [UInt8] {
    func action(_ path: String, _ fields: String = "") -> String {
      #"{"action":"\#(path)"\#(fields)}"#
    }
    var lines: [String] = []
    for password in passwords {
      let value = Secrets.json(password)
      lines += [
        action("login.view.binding.email", #","value":"blob@pointfree.co""#),
        action("login.view.binding.password", #","value":\#(value)"#),
        action("login.view.loginButtonTapped"), #"{"command":"settle"}"#,
        action("login.alert.dismiss"),
        // Invalid actions carrying the password: an unknown field (as its value and as its
        // name), an unknown action, a server response, the wrong type, a duplicate key, an
        // unknown command's field, broken JSON.
        action("login.view.binding.password", #","value":\#(value),"bogus":\#(value)"#),
        action("login.view.binding.password", #",\#(value):"x""#),
        action("login.view.binding.pasword", #","value":\#(value)"#),
        action("login.loginResponse.success", #","value":\#(value)"#),
        action("login.view.binding.password", #","value":[\#(value)]"#),
        action("login.view.binding.password", #","value":\#(value),"value":\#(value)"#),
        #"{"command":"settle","password":\#(value)}"#,
        #"{"action":"login.view.binding.password","value":\#(value)"#,
        // Quoted by the error messages: an unknown action, command or field name, a front end
        // to switch to, attach or detach, and the `id` echoed (issue 12, defect 4).
        #"{"action":\#(value),"id":\#(value)}"#, #"{"command":\#(value),"id":\#(value)}"#,
        #"{"command":"snapshot",\#(value):1}"#, #"{"command":"detach","name":\#(value)}"#,
        #"{"command":"frontend","name":\#(value)}"#, #"{"command":"attach","name":\#(value)}"#,
        #"{"command":"attach","name":"text:\#(directory)/"# + value.dropFirst() + "}",
      ]
    }
    lines += [
      action("login.view.binding.email", #","value":"2fa@pointfree.co""#),
      action("login.view.binding.password", #","value":"password""#),
      action("login.view.loginButtonTapped"), #"{"command":"settle"}"#,
      action("login.twoFactor.view.binding.code", #","value":"0000""#),
      action("login.twoFactor.view.submitButtonTapped"), #"{"command":"settle"}"#,
      action("login.twoFactor.alert.dismiss"),
      action("login.twoFactor.view.binding.code", #","value":"1234""#),
      action("login.twoFactor.view.submitButtonTapped"), #"{"command":"settle"}"#,
      #"{"command":"snapshot"}"#,
    ]
    return Array((lines.joined(separator: "\n") + "\n").utf8)
  }
}

/// Random secrets, and the search for them in output bytes.
enum Secrets {
  /// A random password of 16 to 40 characters: letters, digits, JSON's special characters,
  /// spaces, control characters and non-ASCII text (for the text front end, one line with no
  /// leading space).
  static func password(using generator: inout SeededGenerator, textSafe: Bool = false) -> String {
    let alphabet = Array(
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789\"\\/ {}[],:<>&'é€😀"
        + (textSafe ? "\t" : "\t\n\r\u{1}\u{7f}"))
    let length = Int.random(in: 16...40, using: &generator)
    let body = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
    return "Pw" + body
  }

  /// A random token: 16 to 64 hexadecimal digits.
  static func token(using generator: inout SeededGenerator) -> String {
    let length = Int.random(in: 16...64, using: &generator)
    return String(
      (0..<length).map { _ in Array("0123456789abcdef").randomElement(using: &generator)! })
  }

  /// `value` as a JSON string literal, quotes included.
  static func json(_ value: String) -> String {
    var result = "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where scalar.value < 0x20 || scalar.value == 0x7f:
        result += String(format: "\\u%04x", scalar.value)
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  /// Where `secret` shows in `haystack`: whole, JSON-escaped, or (with `pieces`) any 12 bytes of
  /// either; `nil` if nowhere.
  static func leak(of secret: String, in haystack: [UInt8], pieces: Bool) -> String? {
    let escaped = Array(json(secret).utf8.dropFirst().dropLast())
    for form in [Array(secret.utf8), escaped] {
      if contains(haystack, form) { return "the secret \(secret.debugDescription)" }
      guard pieces, form.count > 12 else { continue }
      for start in 0...(form.count - 12) {
        let piece = Array(form[start..<start + 12])
        if contains(haystack, piece) {
          return "12 bytes \(String(decoding: piece, as: UTF8.self).debugDescription) of the "
            + "secret \(secret.debugDescription)"
        }
      }
    }
    return nil
  }

  /// Whether `needle` occurs in `haystack` (memchr for its first byte, then memcmp).
  private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
    guard let first = needle.first else { return true }
    guard haystack.count >= needle.count else { return false }
    return haystack.withUnsafeBufferPointer { haystack in
      needle.withUnsafeBufferPointer { needle in
        var start = haystack.baseAddress!
        let end = start + (haystack.count - needle.count + 1)
        while start < end {
          guard let found = memchr(start, Int32(first), end - start) else { return false }
          let position = UnsafePointer(found.assumingMemoryBound(to: UInt8.self))
          if memcmp(position, needle.baseAddress!, needle.count) == 0 { return true }
          start = position + 1
        }
        return false
      }
    }
  }
}

/// Runs `tictactoe` with its input written and its outputs read on threads of their own, so
/// that no pipe fills up while the test waits on another.
enum PipedHost {
  /// Runs `tictactoe` with `environment` added to this process's, through
  /// ``Fixtures/runReturningData``: no thread of the cooperative pool is held meanwhile.
  static func run(
    arguments: [String], input: [UInt8], environment: [String: String]
  ) async throws -> (status: Int32, standardOutput: [UInt8], standardError: [UInt8]) {
    try #require(
      FileManager.default.isExecutableFile(atPath: Fixtures.hostExecutable),
      "\(Fixtures.hostExecutable) is missing; build it first (swift build)")
    var fullEnvironment = ProcessInfo.processInfo.environment
    fullEnvironment.merge(environment) { $1 }
    let result = try await Fixtures.runReturningData(
      Fixtures.hostExecutable, arguments, input: Data(input), environment: fullEnvironment)
    return (result.status, Array(result.standardOutput), Array(result.standardError))
  }
}
