import Testing
import TicTacToeTwoFactorCore

/// Why the two-factor screen ignores "Submit" (issue 12, defect 3).
struct TwoFactorDisabledReasonTests {
  @Test func submitNeedsFourCharactersAndNoRequestInFlight() {
    var state = TwoFactor.State(token: "deadbeef")
    #expect(state.whyDisabled(.submitButtonTapped) == .codeTooShort(minimumLength: 4))
    state.code = "1234"
    state.isFormValid = true
    #expect(state.whyDisabled(.submitButtonTapped) == nil)
    state.isTwoFactorRequestInFlight = true
    #expect(state.whyDisabled(.submitButtonTapped) == .requestInFlight)
  }
}
