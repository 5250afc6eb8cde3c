import FrontEndKit
import TicTacToeFrontEndABI

/// A command typed after `:`, addressed to the host: switch, attach or detach front ends, undo
/// a move, quit.
///
/// ```swift
/// HostCommand.parse("frontend text")  // .success(switch to text)
/// HostCommand.parse("fly")            // .failure("unknown command ':fly'; ...")
/// ```
struct HostCommand: Equatable {
  /// The host request.
  var request: ttt_request
  /// Its argument: a front-end spec or name; empty for quit.
  var argument: String
  /// Whether it was typed with `!` (`:frontend! jsonl`, `:q!`): switch or quit without the
  /// warning.
  var isForced = false

  /// The commands, for messages.
  static let summary = ":frontend NAME, :attach SPEC, :detach NAME, :undo, :listen, :quit"

  /// What the status line says once the host accepted it (the host checks an attach or a
  /// detach when asked, and refuses it with the reason then), quoting the argument through
  /// `quote`.
  func confirmation(quoting quote: (String) -> String) -> String {
    switch request {
    case TTT_REQUEST_SWITCH: "switching to \(quote(argument))…"
    case TTT_REQUEST_ATTACH: "attached \(quote(argument))"
    case TTT_REQUEST_DETACH: "detached \(quote(argument))"
    case TTT_REQUEST_UNDO: "undone"
    default: "quitting…"
    }
  }

  /// Parses the text typed after `:`; an error quotes the command's name through `quote`.
  static func parse(
    _ text: String, quoting quote: (String) -> String = { $0 }
  ) -> Result<HostCommand, FrontEndError> {
    let words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    guard let name = words.first else { return .failure(FrontEndError("commands: \(summary)")) }
    let argument = words.dropFirst().joined(separator: " ")
    let request: ttt_request
    switch name {
    case "frontend", "fe", "frontend!", "fe!": request = TTT_REQUEST_SWITCH
    case "attach": request = TTT_REQUEST_ATTACH
    case "detach": request = TTT_REQUEST_DETACH
    case "quit", "q", "qa", "exit", "quit!", "q!", "qa!", "exit!":
      return .success(
        HostCommand(request: TTT_REQUEST_QUIT, argument: "", isForced: name.hasSuffix("!")))
    case "undo", "u":
      return .success(HostCommand(request: TTT_REQUEST_UNDO, argument: ""))
    default:
      return .failure(FrontEndError("unknown command ':\(quote(name))'; try \(summary)"))
    }
    guard !argument.isEmpty else {
      let what = request == TTT_REQUEST_ATTACH ? "SPEC" : "NAME"
      let name = quote(name)
      return .failure(FrontEndError(":\(name) needs a front end: :\(name) \(what)"))
    }
    return .success(
      HostCommand(request: request, argument: argument, isForced: name.hasSuffix("!")))
  }
}
