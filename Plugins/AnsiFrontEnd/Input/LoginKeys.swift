import FrontEndKit
import TerminalUI
import TicTacToeFrontEndABI

extension InterfaceState {
  /// Login: tab and the arrows move between email, password and the button; typing edits the
  /// focused field in place (the password too, through relative edits; see
  /// ``editField(_:with:intents:)`` for the line-editing keys); enter on the button
  /// (or on the password, once the form is valid) logs in; an alert is dismissed with enter.
  mutating func handleLogin(_ key: Key, _ login: LoginScreen, intents: inout [Intent]) {
    if login.alertTitle != nil {
      if key == .enter || key == .escape || key == .character(" ") {
        intents.add(.send(TTT_ACTION_LOGIN_ALERT_DISMISS))
      }
      return
    }
    let field: ttt_text_field? =
      switch loginFocus {
      case .email: TTT_FIELD_LOGIN_EMAIL
      case .password: TTT_FIELD_LOGIN_PASSWORD
      case .loginButton: nil
      }
    if let field, !login.isFormDisabled {
      let text = field == TTT_FIELD_LOGIN_EMAIL ? login.email : nil
      if editField(EditedField(field: field, text: text), with: key, intents: &intents) { return }
    }
    switch key {
    case .tab, .down: loginFocus = loginFocus.moved(by: 1)
    case .backTab, .up: loginFocus = loginFocus.moved(by: -1)
    case .enter:
      pressLogin(login, intents: &intents)
    case .character(" ") where field == nil:
      pressLogin(login, intents: &intents)
    default:
      break
    }
  }

  /// Enter: from the email to the password; on the password or the button, log in once the
  /// form is valid; on the button of a form that is not, the host's refusal says why.
  private mutating func pressLogin(_ login: LoginScreen, intents: inout [Intent]) {
    if loginFocus == .email {
      loginFocus = .password
    } else if login.isLoginButtonEnabled {
      intents.add(.send(TTT_ACTION_LOGIN_BUTTON_TAPPED))
    } else if loginFocus == .password {
      loginFocus = .loginButton
    } else {
      // The host refuses it, and the status line shows its reason.
      intents.add(.send(TTT_ACTION_LOGIN_BUTTON_TAPPED))
    }
  }
}
