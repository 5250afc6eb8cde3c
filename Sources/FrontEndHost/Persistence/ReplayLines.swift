/// The lines of a log that ``ReplayDriver`` replays, read one at a time as they are replayed,
/// so that a log of any length replays in the memory of one line.
public struct ReplayLines {
  /// Why the next line could not be had: its number in the file, and what was wrong.
  public struct Failure: Error {
    /// The line's number in the file.
    public let line: Int
    /// What was wrong, for the message that stops the replay.
    public let message: String

    /// A failure of line `line`.
    public init(line: Int, message: String) {
      self.line = line
      self.message = message
    }
  }

  /// How many lines the log has (counted when it was checked): the replay's length.
  public let count: Int
  /// The next line, or `nil` at the end of the log.
  let next: () throws(Failure) -> ReplayDriver.Line?

  /// `count` lines, each read by `next` (`nil` at the end).
  public init(count: Int, next: @escaping () throws(Failure) -> ReplayDriver.Line?) {
    self.count = count
    self.next = next
  }

  /// Lines already in memory.
  public init(_ lines: [ReplayDriver.Line]) {
    var remaining = lines[...]
    self.init(count: lines.count) { remaining.popFirst() }
  }
}
