import FrontEndKit
import TerminalUI
import TicTacToeFrontEndABI

extension InterfaceState {
  /// Two-factor: typing edits the code; tab moves to the submit button; enter submits once the
  /// form is valid (or says why not); escape leaves the code field (see ``handle(_:on:)``),
  /// and outside it backs out to login (cancelling a request in flight); an alert is dismissed
  /// with enter.
  mutating func handleTwoFactor(
    _ key: Key, _ twoFactor: TwoFactorScreen, intents: inout [Intent]
  ) {
    if twoFactor.alertTitle != nil {
      if key == .enter || key == .escape || key == .character(" ") {
        intents.add(.send(TTT_ACTION_TWO_FACTOR_ALERT_DISMISS))
      }
      return
    }
    let isEditing = twoFactorFocus == .code && !twoFactor.isFormDisabled
    if isEditing {
      let code = EditedField(field: TTT_FIELD_TWO_FACTOR_CODE, text: twoFactor.code)
      if editField(code, with: key, intents: &intents) { return }
    }
    switch key {
    case .escape: intents.add(.send(TTT_ACTION_TWO_FACTOR_DISMISS))
    case .tab, .down: twoFactorFocus = twoFactorFocus.moved(by: 1)
    case .backTab, .up: twoFactorFocus = twoFactorFocus.moved(by: -1)
    case .enter:
      submit(intents: &intents)
      if !twoFactor.isSubmitButtonEnabled, twoFactorFocus == .submitButton {
        twoFactorFocus = .code
      }
    case .character(" ") where twoFactorFocus == .submitButton:
      submit(intents: &intents)
    default:
      break
    }
  }

  /// Submits the code; the status line shows the host's reason when it cannot be submitted.
  private mutating func submit(intents: inout [Intent]) {
    intents.add(.send(TTT_ACTION_TWO_FACTOR_SUBMIT_BUTTON_TAPPED))
  }
}
