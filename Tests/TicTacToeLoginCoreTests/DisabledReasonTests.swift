import Testing
import TicTacToeLoginCore

/// Why the login screen ignores "Log in" (issue 12, defect 3).
struct LoginDisabledReasonTests {
  @Test func logInNeedsBothFieldsAndNoRequestInFlight() {
    var state = Login.State()
    #expect(state.whyDisabled(.loginButtonTapped) == "fill in the email and the password first")
    state.email = "blob@pointfree.co"
    #expect(state.whyDisabled(.loginButtonTapped) == "fill in the password first")
    state.email = ""
    state.password = "password"
    #expect(state.whyDisabled(.loginButtonTapped) == "fill in the email first")
    state.email = "blob@pointfree.co"
    state.isFormValid = true
    #expect(state.whyDisabled(.loginButtonTapped) == nil)
    state.isLoginRequestInFlight = true
    #expect(state.whyDisabled(.loginButtonTapped) == "a login request is already in flight")
    #expect(state.whyDisabled(.binding(.set(\.email, "x"))) == nil)
  }
}
