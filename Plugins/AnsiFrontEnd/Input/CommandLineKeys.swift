import FrontEndKit
import TerminalUI
import TicTacToeFrontEndABI

extension InterfaceState {
  /// The command line: typing edits it (Ctrl-U empties it, Ctrl-W deletes its last word), enter
  /// runs it, escape (or backspace when empty) closes it; ↑ and ↓ go through the commands run before (the line typed so far comes back
  /// after the newest), Tab completes a command's or a front end's name (listing them in the
  /// status line when several fit). `:quit` with a game in progress on `screen` only says how
  /// to quit anyway. Its messages quote the typed text only through `quote`.
  mutating func handleCommandLine(
    _ key: Key, on screen: Screen, intents: inout [Intent], quoting quote: (String) -> String
  ) {
    guard let text = commandLine else { return }
    switch key {
    case .character(let character):
      commandLine = text + String(character)
      commandHistory.edited()
    case .backspace:
      commandLine = text.isEmpty ? nil : String(text.dropLast())
      commandHistory.edited()
    case .control("u"):
      commandLine = ""
      commandHistory.edited()
    case .control("w"):
      commandLine = String(text[...].dropLast { $0 == " " }.dropLast { $0 != " " })
      commandHistory.edited()
    case .up:
      if let older = commandHistory.older(than: text) { commandLine = older }
    case .down:
      if let newer = commandHistory.newer() { commandLine = newer }
    case .tab:
      let completion = CommandCompletion.complete(text)
      commandLine = completion.text
      if !completion.candidates.isEmpty {
        message = completion.candidates.joined(separator: "  ")
      }
    case .escape:
      commandLine = nil
      commandHistory.edited()
    case .enter:
      commandLine = nil
      // A line that holds a secret (the password typed here by mistake) is not kept.
      if quote(text) == text { commandHistory.add(text) } else { commandHistory.edited() }
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
