import UnidirectionalFlow

extension AlertState where Action == Game.Action.Alert {
  /// The alert that asks before a game in progress is left: "Quit", or "Keep playing".
  public static var confirmQuit: Self {
    AlertState(
      title: "Quit this game?",
      buttons: [
        ButtonState(title: "Quit", role: .destructive, action: .confirmQuitButtonTapped),
        ButtonState(title: "Keep playing", role: .cancel),
      ])
  }
}
