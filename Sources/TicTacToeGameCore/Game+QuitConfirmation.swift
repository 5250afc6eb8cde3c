import UnidirectionalFlow

extension AlertState where Action == Game.Action.Alert {
  /// The alert that asks before a game in progress is left: "Quit", or "Keep playing".
  public static var confirmQuit: Self {
    AlertState {
      TextState("Quit this game?")
    } actions: {
      ButtonState(role: .destructive, action: .confirmQuitButtonTapped) { TextState("Quit") }
      ButtonState(role: .cancel) { TextState("Keep playing") }
    }
  }
}
