import Synchronization
import Testing
import TicTacToeAuthenticationClient
import TicTacToeAuthenticationClientLive
import UnidirectionalFlow
import UnidirectionalFlowTesting

@MainActor
struct LiveAuthenticationClientTests {
  @Test(arguments: [
    ("blob@pointfree.co", "wrong"),
    ("blob", "password"),
    ("", ""),
    ("blob@pointfree.co", "Password"),
    ("blob@pointfree.co", "password "),
  ])
  func loginRejectsBadCredentialsAtOnce(email: String, password: String) async {
    let clock = ImmediateClock()
    await withDependencies {
      $0.continuousClock = clock
    } operation: {
      await #expect(throws: AuthenticationError.invalidUserPassword) {
        try await AuthenticationClient.live().login(email, password)
      }
    }
    // No time passed: the rejection did not wait for the latency.
    #expect(clock.now == ImmediateClock.Instant())
  }

  @Test(arguments: [
    ("deadbeef", "1111", AuthenticationError.invalidTwoFactor),
    ("deadbeef", "", .invalidTwoFactor),
    ("deadbeefdeadbeef", "1234", .invalidIntermediateToken),
    ("", "1234", .invalidIntermediateToken),
    ("nope", "0000", .invalidIntermediateToken),
  ])
  func twoFactorRejectsBadInputAtOnce(
    token: String, code: String, error: AuthenticationError
  ) async {
    let clock = ImmediateClock()
    await withDependencies {
      $0.continuousClock = clock
    } operation: {
      await #expect(throws: error) {
        try await AuthenticationClient.live().twoFactor(code, token)
      }
    }
    #expect(clock.now == ImmediateClock.Instant())
  }

  @Test(arguments: [
    ("blob@pointfree.co", false),
    ("2fa@pointfree.co", true),
    ("blob+2fa@pointfree.co", true),
  ])
  func loginSucceedsAfterTheDefaultLatency(email: String, twoFactorRequired: Bool) async throws {
    let clock = TestClock()
    let call = Call { try await AuthenticationClient.live().login(email, "password") }
    await call.start(clock: clock)

    await clock.advance(by: .milliseconds(999))
    #expect(!call.isFinished)
    await clock.advance(by: .milliseconds(1))
    let response = try await call.value
    #expect(
      response == AuthenticationResponse(token: "deadbeef", twoFactorRequired: twoFactorRequired))
  }

  @Test func twoFactorSucceedsAfterTheLatency() async throws {
    let clock = TestClock()
    let call = Call {
      try await AuthenticationClient.live(latency: .seconds(3)).twoFactor("1234", "deadbeef")
    }
    await call.start(clock: clock)

    await clock.advance(by: .seconds(2))
    #expect(!call.isFinished)
    await clock.advance(by: .seconds(1))
    let response = try await call.value
    #expect(response == AuthenticationResponse(token: "deadbeefdeadbeef", twoFactorRequired: false))
  }

  @Test func zeroLatencyAnswersWithoutTimePassing() async throws {
    let clock = TestClock()
    try await withDependencies {
      $0.continuousClock = clock
    } operation: {
      let client = AuthenticationClient.live(latency: .zero)
      let login = try await client.login("blob@pointfree.co", "password")
      #expect(login == AuthenticationResponse(token: "deadbeef", twoFactorRequired: false))
      let twoFactor = try await client.twoFactor("1234", "deadbeef")
      #expect(
        twoFactor == AuthenticationResponse(token: "deadbeefdeadbeef", twoFactorRequired: false))
    }
    #expect(clock.now == TestClock.Instant())
  }

  @Test func cancellingDuringTheLatencyDeliversNoResponse() async {
    let clock = TestClock()
    let call = Call { try await AuthenticationClient.live().login("blob@pointfree.co", "password") }
    await call.start(clock: clock)
    call.cancel()
    await #expect(throws: CancellationError.self) { try await call.value }
    #expect(clock.pendingSleepers == 0)
  }

  @Test func theClockIsReadWhenTheEndpointIsCalled() async throws {
    // The client is made outside any dependency scope; the clock comes from the caller's.
    let client = AuthenticationClient.live()
    let clock = ImmediateClock()
    let response = try await withDependencies {
      $0.continuousClock = clock
    } operation: {
      try await client.login("blob@pointfree.co", "password")
    }
    #expect(response.token == "deadbeef")
    #expect(clock.now == ImmediateClock.Instant(offset: .seconds(1)))
  }

  @Test func theLiveValueIsTheLiveClient() async {
    let clock = ImmediateClock()
    await withDependencies {
      $0 = DependencyValues(context: .live)
      $0.continuousClock = clock
    } operation: {
      @Dependency(\.authenticationClient) var authenticationClient
      await #expect(throws: AuthenticationError.invalidUserPassword) {
        try await authenticationClient.login("blob", "password")
      }
      let response = try? await authenticationClient.login("2fa@pointfree.co", "password")
      #expect(response == AuthenticationResponse(token: "deadbeef", twoFactorRequired: true))
    }
    #expect(clock.now == ImmediateClock.Instant(offset: .seconds(1)))
  }

  @Test func errorDescriptions() {
    #expect(
      AuthenticationError.invalidUserPassword.description == "Unknown user or invalid password.")
    #expect(AuthenticationError.invalidTwoFactor.description == "Invalid second factor (try 1234)")
    #expect(
      AuthenticationError.invalidIntermediateToken.description
        == "404!! What happened to your token there bud?!?!")
  }
}

/// An endpoint call running in its own task on a test clock, to observe when it finishes.
@MainActor
private final class Call {
  private let operation: @Sendable () async throws -> AuthenticationResponse
  private var task: Task<AuthenticationResponse, any Error>?
  private let finished = Flag()

  init(_ operation: @escaping @Sendable () async throws -> AuthenticationResponse) {
    self.operation = operation
  }

  /// Starts the call with `clock` as its clock dependency and waits until it sleeps on it.
  func start(clock: TestClock<Duration>) async {
    let operation = self.operation
    let finished = self.finished
    task = Task {
      defer { finished.set() }
      return try await withDependencies {
        $0.continuousClock = clock
      } operation: {
        try await operation()
      }
    }
    await clock.waitForSleepers(1)
  }

  var isFinished: Bool { finished.isSet }

  func cancel() { task?.cancel() }

  var value: AuthenticationResponse {
    get async throws { try await task!.value }
  }
}

/// A flag set from any task.
private final class Flag: Sendable {
  private let value = Mutex(false)
  func set() { value.withLock { $0 = true } }
  var isSet: Bool { value.withLock { $0 } }
}
