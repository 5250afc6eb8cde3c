import FrontEndKit
import Synchronization
import TerminalUI

/// The login form: email, the password masked with its length, the login button and the
/// activity indicator while the request is in flight.
enum LoginView {
  /// The lines of the form, with `focus` highlighted (the email's cursor `caret` characters
  /// before its end) and the activity indicator at the `spinner` frame; explanations wrap at
  /// `width`.
  static func lines(
    _ login: LoginScreen, focus: LoginFocus, caret: Int, spinner: Character, width: Int
  ) -> [Line] {
    var lines = explanationLines(width: width)
    lines.reserveCapacity(lines.count + 6)
    lines.append(.spacer)
    lines.append(
      Widgets.field(
        label: "Email", value: login.email, placeholder: "blob@pointfree.co",
        focused: focus == .email, disabled: login.isFormDisabled, caret: caret))
    lines.append(.spacer)
    lines.append(
      Widgets.field(
        label: "Password", value: String(repeating: "*", count: login.passwordLength),
        focused: focus == .password, disabled: login.isFormDisabled))
    lines.append(.spacer)
    var buttons = [
      Widgets.gap(Widgets.labelWidth),
      Widgets.button(
        "Log in", focused: focus == .loginButton, enabled: login.isLoginButtonEnabled),
    ]
    if login.isActivityIndicatorVisible {
      buttons += [Widgets.gap(2), Widgets.activity("Logging in…", frame: spinner)]
    }
    lines.append(Line(spans: buttons))
    return lines
  }

  /// The explanation above the form.
  private static let explanation =
    "To log in use any email and \"password\" for the password. If your email contains "
    + "\"2fa\" you will be taken to a two-factor flow, and there the code is 1234."

  /// The explanation's lines at each width asked for so far: they never change, and a session
  /// sees a few widths, so each keystroke on the form neither wraps it nor makes its lines again.
  private static let wrappedExplanation = Mutex<[Int: [Line]]>([:])

  /// The explanation's lines at `width`, optional and in the hint style.
  private static func explanationLines(width: Int) -> [Line] {
    if let lines = wrappedExplanation.withLock({ $0[width] }) { return lines }
    let lines = explanation.wrapped(toWidth: width).map {
      Line($0, style: Theme.hint, isOptional: true)
    }
    wrappedExplanation.withLock { $0[width] = lines }
    return lines
  }
}
