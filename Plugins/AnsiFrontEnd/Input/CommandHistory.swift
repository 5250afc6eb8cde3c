/// The commands run on the `:` line, newest last, for ↑ and ↓; and where ↑ has got to.
struct CommandHistory: Equatable {
  /// How many commands are kept.
  static let limit = 100

  /// The commands run, oldest first, without repeats in a row.
  private(set) var commands: [String] = []
  /// The command shown while going through them; `nil` while editing a line of one's own.
  private var position: Int?
  /// The line being typed when ↑ was first pressed, which ↓ brings back after the newest.
  private var draft = ""

  /// Keeps `command`, just run (not an empty line, nor the newest again), and stops going
  /// through the history.
  mutating func add(_ command: String) {
    position = nil
    guard !command.allSatisfy({ $0 == " " }), command != commands.last else { return }
    commands.append(command)
    if commands.count > Self.limit { commands.removeFirst() }
  }

  /// The command before the one shown (↑), keeping `line` (the line typed so far) when it
  /// starts; `nil` when there is none.
  mutating func older(than line: String) -> String? {
    let current = position ?? commands.count
    guard current > 0 else { return nil }
    if position == nil { draft = line }
    position = current - 1
    return commands[current - 1]
  }

  /// The command after the one shown (↓), or the line typed before ↑ after the newest; `nil`
  /// when not going through the history.
  mutating func newer() -> String? {
    guard let current = position else { return nil }
    guard current + 1 < commands.count else {
      position = nil
      return draft
    }
    position = current + 1
    return commands[current + 1]
  }

  /// The line shown was edited (or closed): it is the user's own now.
  mutating func edited() {
    position = nil
  }
}
