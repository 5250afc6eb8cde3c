import Testing
import TicTacToeLoginCore

/// Why the login screen ignores "Log in" (issue 12, defect 3).
struct LoginDisabledReasonTests {
  @Test func logInNeedsBothFieldsAndNoRequestInFlight() {
    var state = Login.State()
    #expect(state.whyDisabled(.loginButtonTapped) == .fieldsEmpty(email: true, password: true))
    state.email = "blob@pointfree.co"
    #expect(state.whyDisabled(.loginButtonTapped) == .fieldsEmpty(email: false, password: true))
    state.email = ""
    state.password = "password"
    #expect(state.whyDisabled(.loginButtonTapped) == .fieldsEmpty(email: true, password: false))
    state.email = "blob@pointfree.co"
    state.isFormValid = true
    #expect(state.whyDisabled(.loginButtonTapped) == nil)
    state.isLoginRequestInFlight = true
    #expect(state.whyDisabled(.loginButtonTapped) == .requestInFlight)
    #expect(state.whyDisabled(.binding(.set(\.email, "x"))) == nil)
  }
}
