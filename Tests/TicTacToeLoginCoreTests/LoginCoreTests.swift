import Testing
import TicTacToeAuthenticationClient
import TicTacToeAuthenticationClientLive
import TicTacToeLoginCore
import TicTacToeTwoFactorCore
import UnidirectionalFlow
import UnidirectionalFlowTesting

@MainActor
struct TicTacToeLoginCoreTests {
  @Test func twoFactorSuccess() async {
    let store = TestStore(initialState: Login.State()) {
      Login()
    } withDependencies: {
      $0.authenticationClient.login = { email, password in
        #expect(email == "2fa@pointfree.co")
        #expect(password == "password")
        return AuthenticationResponse(token: "deadbeef", twoFactorRequired: true)
      }
      $0.authenticationClient.twoFactor = { _, _ in
        AuthenticationResponse(token: "deadbeefdeadbeef", twoFactorRequired: false)
      }
    }
    await store.send(\.view.binding.email, "2fa@pointfree.co") { $0.email = "2fa@pointfree.co" }
    #expect(!store.state.isLoginButtonEnabled)
    await store.send(\.view.binding.password, "password") {
      $0.password = "password"
      $0.isFormValid = true
    }
    #expect(store.state.isLoginButtonEnabled)
    await store.send(\.view.loginButtonTapped) { $0.isLoginRequestInFlight = true }
    #expect(!store.state.isLoginButtonEnabled)
    #expect(store.state.isActivityIndicatorVisible)
    #expect(store.state.isFormDisabled)
    await store.receive(\.loginResponse.success) {
      $0.isLoginRequestInFlight = false
      $0.twoFactor = TwoFactor.State(token: "deadbeef")
    }
    await store.send(\.twoFactor.view.binding.code, "1234") {
      $0.twoFactor?.code = "1234"
      $0.twoFactor?.isFormValid = true
    }
    await store.send(\.twoFactor.view.submitButtonTapped) {
      $0.twoFactor?.isTwoFactorRequestInFlight = true
    }
    await store.receive(\.twoFactor.twoFactorResponse.success) {
      $0.twoFactor?.isTwoFactorRequestInFlight = false
    }
  }

  @Test func twoFactorDismissedWhileInFlight() async {
    let clock = TestClock()
    let store = TestStore(initialState: Login.State()) {
      Login()
    } withDependencies: {
      $0.authenticationClient.login = { _, _ in
        AuthenticationResponse(token: "deadbeef", twoFactorRequired: true)
      }
      $0.authenticationClient.twoFactor = { _, _ in
        try await clock.sleep(for: .seconds(1))
        return AuthenticationResponse(token: "deadbeefdeadbeef", twoFactorRequired: false)
      }
    }
    await store.send(\.view.binding.email, "2fa@pointfree.co") { $0.email = "2fa@pointfree.co" }
    await store.send(\.view.binding.password, "password") {
      $0.password = "password"
      $0.isFormValid = true
    }
    await store.send(\.view.loginButtonTapped) { $0.isLoginRequestInFlight = true }
    await store.receive(\.loginResponse.success) {
      $0.isLoginRequestInFlight = false
      $0.twoFactor = TwoFactor.State(token: "deadbeef")
    }
    await store.send(\.twoFactor.view.binding.code, "1234") {
      $0.twoFactor?.code = "1234"
      $0.twoFactor?.isFormValid = true
    }
    await store.send(\.twoFactor.view.submitButtonTapped) {
      $0.twoFactor?.isTwoFactorRequestInFlight = true
    }
    await clock.waitForSleepers(1)

    await store.send(\.twoFactor.dismiss) { $0.twoFactor = nil }
    await store.finish()
    #expect(clock.pendingSleepers == 0)

    // The response never arrives, however much time passes.
    await clock.advance(by: .seconds(10))
  }

  @Test func loginFailureShowsAnAlertUntilDismissed() async {
    let store = TestStore(initialState: Login.State()) {
      Login()
    } withDependencies: {
      $0.authenticationClient.login = { _, _ in throw AuthenticationError.invalidUserPassword }
    }
    await store.send(\.view.binding.email, "blob@pointfree.co") { $0.email = "blob@pointfree.co" }
    await store.send(\.view.binding.password, "wrong") {
      $0.password = "wrong"
      $0.isFormValid = true
    }
    await store.send(\.view.loginButtonTapped) { $0.isLoginRequestInFlight = true }
    await store.receive(\.loginResponse.failure) {
      $0.alert = AlertState(title: "Unknown user or invalid password.")
      $0.isLoginRequestInFlight = false
    }
    await store.send(\.alert.dismiss) { $0.alert = nil }
  }

  @Test func anEmailWithoutAnAtSignIsNamedInTheAlert() async {
    let store = TestStore(initialState: Login.State()) {
      Login()
    } withDependencies: {
      $0.authenticationClient.login = { _, _ in throw AuthenticationError.invalidUserPassword }
    }
    await store.send(\.view.binding.email, "blob") { $0.email = "blob" }
    await store.send(\.view.binding.password, "wrong") {
      $0.password = "wrong"
      $0.isFormValid = true
    }
    await store.send(.view(.loginButtonTapped)) { $0.isLoginRequestInFlight = true }
    await store.receive(.loginResponse(.failure(.invalidUserPassword))) {
      $0.alert = AlertState(
        title:
          "Unknown user or invalid password. An email address needs an @, as in blob@pointfree.co.")
      $0.isLoginRequestInFlight = false
    }
    await store.send(\.alert.dismiss, ()) { $0.alert = nil }
    await store.finish()
  }

  @Test func loginWithoutTwoFactorPresentsNothing() async {
    let store = TestStore(initialState: Login.State()) {
      Login()
    } withDependencies: {
      $0.authenticationClient.login = { _, _ in
        AuthenticationResponse(token: "deadbeefdeadbeef", twoFactorRequired: false)
      }
    }
    await store.send(\.view.binding.email, "blob@pointfree.co") { $0.email = "blob@pointfree.co" }
    await store.send(\.view.binding.password, "password") {
      $0.password = "password"
      $0.isFormValid = true
    }
    await store.send(\.view.loginButtonTapped) { $0.isLoginRequestInFlight = true }
    await store.receive(\.loginResponse.success) { $0.isLoginRequestInFlight = false }
  }

  @Test func clearingAFieldInvalidatesTheForm() async {
    let store = TestStore(initialState: Login.State()) { Login() }
    await store.send(\.view.binding.email, "blob@pointfree.co") { $0.email = "blob@pointfree.co" }
    await store.send(\.view.binding.password, "password") {
      $0.password = "password"
      $0.isFormValid = true
    }
    await store.send(\.view.binding.email, "") {
      $0.email = ""
      $0.isFormValid = false
    }
  }

  @Test(arguments: [("", ""), ("blob@pointfree.co", ""), ("", "password")])
  func loginWithAnInvalidFormChangesNothing(email: String, password: String) async {
    var state = Login.State()
    state.email = email
    state.password = password
    let store = TestStore(initialState: state) { Login() }
    #expect(!store.state.isLoginButtonEnabled)
    await store.send(\.view.loginButtonTapped)
  }

  @Test func loginWhileInFlightChangesNothing() async {
    let clock = TestClock()
    let store = TestStore(initialState: Login.State()) {
      Login()
    } withDependencies: {
      $0.authenticationClient.login = { _, _ in
        try await clock.sleep(for: .seconds(1))
        return AuthenticationResponse(token: "deadbeefdeadbeef", twoFactorRequired: false)
      }
    }
    await store.send(\.view.binding.email, "blob@pointfree.co") { $0.email = "blob@pointfree.co" }
    await store.send(\.view.binding.password, "password") {
      $0.password = "password"
      $0.isFormValid = true
    }
    await store.send(\.view.loginButtonTapped) { $0.isLoginRequestInFlight = true }
    await store.send(\.view.loginButtonTapped)
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    // Exactly one response: the second tap started no request.
    await store.receive(\.loginResponse.success) { $0.isLoginRequestInFlight = false }
  }

  @Test func loginThroughTheLiveClientWaitsForTheLatency() async {
    let clock = TestClock()
    let store = TestStore(initialState: Login.State()) {
      Login()
    } withDependencies: {
      $0.authenticationClient = .live(latency: .seconds(1))
      $0.continuousClock = clock
    }
    await store.send(\.view.binding.email, "2fa@pointfree.co") { $0.email = "2fa@pointfree.co" }
    await store.send(\.view.binding.password, "password") {
      $0.password = "password"
      $0.isFormValid = true
    }
    await store.send(\.view.loginButtonTapped) { $0.isLoginRequestInFlight = true }
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await store.receive(\.loginResponse.success) {
      $0.isLoginRequestInFlight = false
      $0.twoFactor = TwoFactor.State(token: "deadbeef")
    }
    await store.send(\.twoFactor.view.binding.code, "1111") {
      $0.twoFactor?.code = "1111"
      $0.twoFactor?.isFormValid = true
    }
    await store.send(\.twoFactor.view.submitButtonTapped) {
      $0.twoFactor?.isTwoFactorRequestInFlight = true
    }
    await store.receive(\.twoFactor.twoFactorResponse.failure) {
      $0.twoFactor?.isTwoFactorRequestInFlight = false
      $0.twoFactor?.alert = AlertState(title: "Invalid second factor (try 1234)")
    }
    await store.send(\.twoFactor.alert.dismiss) { $0.twoFactor?.alert = nil }
  }

  @Test func anUnmockedClientFailsTheTestNamingTheEndpoint() async {
    let store = TestStore(initialState: Login.State()) { Login() }
    await store.send(\.view.binding.email, "blob@pointfree.co") { $0.email = "blob@pointfree.co" }
    await store.send(\.view.binding.password, "password") {
      $0.password = "password"
      $0.isFormValid = true
    }
    await withKnownIssue {
      await store.send(\.view.loginButtonTapped) { $0.isLoginRequestInFlight = true }
      await store.finish()
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("AuthenticationClient.login") }
    }
  }
}
