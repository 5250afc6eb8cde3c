import FrontEndKit
import TerminalUI

/// The new-game form: both players' names, "Let's play!" and "Logout".
enum NewGameView {
  /// The name fields' labels, made once.
  private static let xPlayerLabel = FieldLabel("Player X")
  private static let oPlayerLabel = FieldLabel("Player O")

  /// The lines of the form, with `focus` highlighted (a name's cursor `caret` characters
  /// before its end).
  static func lines(_ newGame: NewGameScreen, focus: NewGameFocus, caret: Int) -> [Line] {
    [
      Line(
        "Who is playing? Name both players, then let's play.", style: Theme.hint, isOptional: true),
      .spacer,
      Widgets.field(
        label: xPlayerLabel, value: newGame.xPlayerName, placeholder: "Blob Sr.",
        focused: focus == .xPlayerName, caret: caret),
      .spacer,
      Widgets.field(
        label: oPlayerLabel, value: newGame.oPlayerName, placeholder: "Blob Jr.",
        focused: focus == .oPlayerName, caret: caret),
      .spacer,
      Line(spans: [
        Widgets.gap(Widgets.labelWidth),
        Widgets.button(
          "Let's play!", focused: focus == .letsPlayButton,
          enabled: newGame.isLetsPlayButtonEnabled),
        Widgets.gap(2),
        Widgets.button("Logout", focused: focus == .logoutButton),
      ]),
    ] + scoreboard(newGame)
  }

  /// The scoreboard under the form once a game has been counted (kept on the smallest
  /// terminal): `Scoreboard  Blob 2 · Blub 1 · ties 1`.
  private static func scoreboard(_ newGame: NewGameScreen) -> [Line] {
    guard !newGame.isScoreboardEmpty else { return [] }
    let counts = newGame.standings.map { "\($0.name) \($0.wins)" } + ["ties \(newGame.ties)"]
    return [
      .spacer,
      Line(spans: [
        Span(text: "Scoreboard  ", style: Theme.hint), Span(text: counts.joined(separator: " · ")),
      ]),
    ]
  }
}
