import FrontEndKit
import TerminalUI

/// The two-factor form: the code, the submit button, the activity indicator, and how to back
/// out.
enum TwoFactorView {
  /// The code field's label, made once.
  private static let codeLabel = FieldLabel("Code")

  /// The lines of the form, with `focus` highlighted (the code's cursor `caret` characters
  /// before its end) and the activity indicator at the `spinner` frame; explanations wrap at
  /// `width`.
  static func lines(
    _ twoFactor: TwoFactorScreen, focus: TwoFactorFocus, caret: Int, spinner: Character,
    width: Int
  ) -> [Line] {
    var lines = "To confirm the second factor enter 1234 into the form.".wrapped(toWidth: width)
      .map { Line($0, style: Theme.hint, isOptional: true) }
    lines.append(.spacer)
    lines.append(
      Widgets.field(
        label: codeLabel, value: twoFactor.code, placeholder: "1234", focused: focus == .code,
        disabled: twoFactor.isFormDisabled, caret: caret))
    lines.append(.spacer)
    var buttons = [
      Widgets.gap(Widgets.labelWidth),
      Widgets.button(
        "Submit", focused: focus == .submitButton, enabled: twoFactor.isSubmitButtonEnabled),
    ]
    if twoFactor.isActivityIndicatorVisible {
      buttons += [Widgets.gap(2), Widgets.activity("Checking the code…", frame: spinner)]
    }
    lines.append(Line(spans: buttons))
    lines.append(.spacer)
    lines.append(
      Line(
        focus == .code ? "esc, esc: back to login" : "esc: back to login", style: Theme.hint,
        isOptional: true))
    return lines
  }
}
