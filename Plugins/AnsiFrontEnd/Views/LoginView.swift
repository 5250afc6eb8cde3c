import FrontEndKit
import Synchronization
import TerminalUI

/// The login form: email, the password masked with its length, the login button and the
/// activity indicator while the request is in flight.
enum LoginView {
  /// The fields' labels, made once.
  private static let emailLabel = FieldLabel("Email")
  private static let passwordLabel = FieldLabel("Password")

  /// The lines of the form, with `focus` highlighted (the email's cursor `caret` characters
  /// before its end) and the activity indicator at the `spinner` frame; explanations wrap at
  /// `width`. The lines that can change are kept in `memo`, and made again only when what they
  /// show changed: a keystroke in the email field makes that field's line and no other.
  static func lines(
    _ login: LoginScreen, focus: LoginFocus, caret: Int, spinner: Character, width: Int,
    memo: inout Memo
  ) -> [Line] {
    if memo.explanationWidth != width {
      memo.explanation = explanationLines(width: width)
      memo.explanationWidth = width
    }
    let explanation = memo.explanation
    var lines: [Line] = []
    lines.reserveCapacity(explanation.count + 6)
    lines.append(contentsOf: explanation)
    lines.append(.spacer)
    let email = Field(
      value: login.email, focused: focus == .email, disabled: login.isFormDisabled,
      caret: caret)
    lines.append(
      memo.email.line(for: email) {
        Widgets.field(
          label: emailLabel, value: email.value, placeholder: "blob@pointfree.co",
          focused: email.focused, disabled: email.disabled, caret: email.caret)
      })
    lines.append(.spacer)
    let password = Field(
      value: "", focused: focus == .password, disabled: login.isFormDisabled,
      caret: login.passwordLength)
    lines.append(
      memo.password.line(for: password) {
        Widgets.field(
          label: passwordLabel, value: String(repeating: "*", count: login.passwordLength),
          focused: password.focused, disabled: password.disabled)
      })
    lines.append(.spacer)
    let buttons = Buttons(
      focused: focus == .loginButton, enabled: login.isLoginButtonEnabled,
      spinner: login.isActivityIndicatorVisible ? spinner : nil)
    lines.append(
      memo.buttons.line(for: buttons) {
        var spans = [
          Widgets.gap(Widgets.labelWidth),
          Widgets.button("Log in", focused: buttons.focused, enabled: buttons.enabled),
        ]
        if let spinner = buttons.spinner {
          spans += [Widgets.gap(2), Widgets.activity("Logging in…", frame: spinner)]
        }
        return Line(spans: spans)
      })
    return lines
  }

  /// The form's lines that change, each kept with what it shows.
  struct Memo {
    var email = LineMemo<Field>()
    var password = LineMemo<Field>()
    var buttons = LineMemo<Buttons>()
    /// The explanation's lines at `explanationWidth`: no look-up while the width stays.
    var explanation: [Line] = []
    var explanationWidth = -1
  }

  /// What a field's line shows (the password's: its length as `caret`, the field being masked
  /// and its cursor at the end).
  struct Field: Equatable {
    var value: String
    var focused: Bool
    var disabled: Bool
    var caret: Int
  }

  /// What the buttons' line shows: the activity indicator's frame while it is visible.
  struct Buttons: Equatable {
    var focused: Bool
    var enabled: Bool
    var spinner: Character?
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
