import TicTacToeFrontEndABI

/// What a front end shows while `tictactoe replay` drives the game (ABI 1.3): a banner with the
/// progress, an end marker, and one reason for every intent it refuses.
///
/// ```swift
/// if let replay = host.replay() {
///   draw(replay.banner)  // "replay · step 3 of 12"; "replay over · 12 of 12 steps"
/// }
/// ```
public struct ReplayStatus: Equatable, Sendable {
  /// The reason every intent is refused during a replay, as the host gives it.
  public static let refusal = "this is a replay: the log drives the game"

  /// How many lines of the log are replayed.
  public var step: UInt64
  /// How many lines the log has.
  public var length: UInt64
  /// Whether the last line is replayed.
  public var isOver: Bool

  /// The banner: `replay · step 3 of 12`, then `replay over · 12 of 12 steps`.
  public var banner: String {
    isOver ? "replay over · \(step) of \(length) steps" : "replay · step \(step) of \(length)"
  }

  /// Reads the replay fields of a root state; `nil` outside a replay.
  init?(_ state: ttt_root_state) {
    guard state.is_replay else { return nil }
    step = state.replay_step
    length = state.replay_length
    isOver = state.is_replay_over
  }
}
