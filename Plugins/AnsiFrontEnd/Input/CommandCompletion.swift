/// Tab completion on the `:` line: a command's name first, then, after a command that takes
/// one, a stock front end's name.
///
/// ```swift
/// CommandCompletion.complete("fr")         // ("frontend ", [])
/// CommandCompletion.complete("frontend ")  // ("frontend ", ["ansi", "jsonl", "text"])
/// CommandCompletion.complete("attach j")   // ("attach jsonl", [])
/// ```
enum CommandCompletion {
  /// The commands' full names, as ``HostCommand`` takes them.
  static let commands = ["attach", "detach", "frontend", "listen", "quit", "undo"]
  /// The front ends that come with tictactoe.
  static let frontEnds = ["ansi", "jsonl", "text"]
  /// The commands whose argument is a front end.
  static let takingAFrontEnd: Set = ["frontend", "fe", "frontend!", "fe!", "attach", "detach"]

  /// `text` with its last word completed as far as the names that start with it agree, and
  /// those names when more than one does (to show them); `text` itself and no names when none
  /// does. A whole command that takes an argument gets a space after it.
  static func complete(_ text: String) -> (text: String, candidates: [String]) {
    let start = text.lastIndex(of: " ").map { text.index(after: $0) } ?? text.startIndex
    let before = String(text[..<start])
    let word = String(text[start...])
    let previous = before.split(separator: " ").map(String.init)
    let names =
      previous.isEmpty
      ? commands : previous.count == 1 && takingAFrontEnd.contains(previous[0]) ? frontEnds : []
    let matches = names.filter { $0.hasPrefix(word) }
    guard let first = matches.first else { return (text, []) }
    guard matches.count == 1 else {
      let common = matches.dropFirst().reduce(first) { common, name in
        String(zip(common, name).prefix { $0 == $1 }.map(\.0))
      }
      return (before + common, matches)
    }
    let space = previous.isEmpty && takingAFrontEnd.contains(first) ? " " : ""
    return (before + first + space, [])
  }
}
