import Testing
import TicTacToeAuthenticationClient
import TicTacToeTwoFactorCore
import UnidirectionalFlow
import UnidirectionalFlowTesting

@MainActor
struct TicTacToeTwoFactorCoreTests {
  @Test func happyPath() async {
    let store = TestStore(initialState: TwoFactor.State(token: "deadbeef")) {
      TwoFactor()
    } withDependencies: {
      $0.authenticationClient.twoFactor = { code, token in
        #expect(code == "1234")
        #expect(token == "deadbeef")
        return AuthenticationResponse(token: "deadbeefdeadbeef", twoFactorRequired: false)
      }
    }
    await store.send(\.view.binding.code, "1") { $0.code = "1" }
    await store.send(\.view.binding.code, "12") { $0.code = "12" }
    await store.send(\.view.binding.code, "123") { $0.code = "123" }
    #expect(!store.state.isSubmitButtonEnabled)
    await store.send(\.view.binding.code, "1234") {
      $0.code = "1234"
      $0.isFormValid = true
    }
    #expect(store.state.isSubmitButtonEnabled)
    #expect(!store.state.isActivityIndicatorVisible)
    #expect(!store.state.isFormDisabled)

    await store.send(\.view.submitButtonTapped) { $0.isTwoFactorRequestInFlight = true }
    #expect(!store.state.isSubmitButtonEnabled)
    #expect(store.state.isActivityIndicatorVisible)
    #expect(store.state.isFormDisabled)

    await store.receive(\.twoFactorResponse.success) {
      $0.isTwoFactorRequestInFlight = false
    }
  }

  @Test func unhappyPath() async {
    let store = TestStore(initialState: TwoFactor.State(token: "deadbeef")) {
      TwoFactor()
    } withDependencies: {
      $0.authenticationClient.twoFactor = { _, _ in throw AuthenticationError.invalidTwoFactor }
    }
    await store.send(\.view.binding.code, "1234") {
      $0.code = "1234"
      $0.isFormValid = true
    }
    await store.send(\.view.submitButtonTapped) { $0.isTwoFactorRequestInFlight = true }
    await store.receive(\.twoFactorResponse.failure) {
      $0.alert = AlertState(title: "Invalid second factor (try 1234)")
      $0.isTwoFactorRequestInFlight = false
    }
    await store.send(\.alert.dismiss) { $0.alert = nil }
  }

  @Test func submitWithAnInvalidFormChangesNothing() async {
    let store = TestStore(initialState: TwoFactor.State(token: "deadbeef")) { TwoFactor() }
    await store.send(\.view.binding.code, "123") { $0.code = "123" }
    await store.send(\.view.submitButtonTapped)
  }

  @Test func submitWhileInFlightChangesNothing() async {
    let clock = TestClock()
    let store = TestStore(initialState: TwoFactor.State(token: "deadbeef")) {
      TwoFactor()
    } withDependencies: {
      $0.authenticationClient.twoFactor = { _, _ in
        try await clock.sleep(for: .seconds(1))
        return AuthenticationResponse(token: "deadbeefdeadbeef", twoFactorRequired: false)
      }
    }
    await store.send(\.view.binding.code, "1234") {
      $0.code = "1234"
      $0.isFormValid = true
    }
    await store.send(\.view.submitButtonTapped) { $0.isTwoFactorRequestInFlight = true }
    await store.send(\.view.submitButtonTapped)
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    // Exactly one response: the second tap started no request.
    await store.receive(\.twoFactorResponse.success) {
      $0.isTwoFactorRequestInFlight = false
    }
  }

  @Test func anUnmockedClientFailsTheTestNamingTheEndpoint() async {
    let store = TestStore(initialState: TwoFactor.State(token: "deadbeef")) { TwoFactor() }
    await store.send(\.view.binding.code, "1234") {
      $0.code = "1234"
      $0.isFormValid = true
    }
    await withKnownIssue {
      await store.send(\.view.submitButtonTapped) { $0.isTwoFactorRequestInFlight = true }
      await store.finish()
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("AuthenticationClient.twoFactor") }
    }
  }

  @Test func theTokenIsRedactedInDumps() {
    var state = TwoFactor.State(token: "deadbeef")
    state.code = "1234"
    let dump = stateDump(state)
    #expect(!dump.contains("deadbeef"))
    #expect(dump.contains(#"token: "<redacted>""#))
    #expect(dump.contains(#"code: "1234""#))
    #expect(stateDump(TwoFactor.State(token: "")).contains(#"token: """#))

    let response = TwoFactor.Action.twoFactorResponse(
      .success(AuthenticationResponse(token: "deadbeefdeadbeef", twoFactorRequired: false)))
    #expect(!stateDump(response).contains("deadbeef"))
  }
}
