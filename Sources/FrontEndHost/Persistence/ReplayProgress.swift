/// How far `tictactoe replay` has come, as front ends read it in the root state (ABI 1.3): they
/// show a replay banner with it, and an end marker once ``isOver``.
public struct ReplayProgress: Equatable, Sendable {
  /// How many lines of the log are replayed.
  public var step: Int
  /// How many lines the log has.
  public let length: Int
  /// Whether every line is replayed: the state stays as the log left it.
  public var isOver: Bool

  /// A replay of `length` lines, at its start.
  public init(length: Int) {
    step = 0
    self.length = length
    isOver = length == 0
  }
}
