import FrontEndKit
import TerminalUI
import TicTacToeFrontEndABI

extension InterfaceState {
  /// The command line: typing edits it, enter runs it, escape (or backspace when empty)
  /// closes it. `:quit` with a game in progress on `screen` only says how to quit anyway. Its
  /// messages quote the typed text only through `quote`.
  mutating func handleCommandLine(
    _ key: Key, on screen: Screen, intents: inout [Intent], quoting quote: (String) -> String
  ) {
    guard let text = commandLine else { return }
    switch key {
    case .character(let character):
      commandLine = text + String(character)
    case .backspace:
      commandLine = text.isEmpty ? nil : String(text.dropLast())
    case .escape:
      commandLine = nil
    case .enter:
      commandLine = nil
      if text.split(separator: " ") == ["listen"] {
        message =
          listeningMessage ?? "not listening: start tictactoe with --listen to let "
          + "tictactoe attach show this game"
        return
      }
      switch HostCommand.parse(text, quoting: quote) {
      case .success(let command):
        if command.request == TTT_REQUEST_SWITCH, !command.isForced,
          let warning = SwitchWarning.before(switchingTo: command.argument, quoting: quote)
        {
          message = warning
          return
        }
        if command.request == TTT_REQUEST_QUIT, !command.isForced, replay == nil,
          let warning = QuitWarning.before(quittingOn: screen, force: ":q!", leave: "q")
        {
          message = warning
          return
        }
        intents.add(.request(command.request, argument: command.argument))
        message = command.confirmation(quoting: quote)
      case .failure(let error):
        message = error.description
      }
    default:
      break
    }
  }
}
