/// The exit statuses of `tictactoe`, one per way it can end (`--help` lists them).
public enum ExitStatus {
  /// The game ended normally: a front end quit, or the input ended, with no effect left.
  public static let success: Int32 = 0
  /// `check-frontend`: a check failed.
  public static let checkFailed: Int32 = 1
  /// A usage error on the command line.
  public static let usage: Int32 = 2
  /// No front end could be loaded (at start, or after a failed switch and its fallback).
  public static let noFrontEnd: Int32 = 3
  /// Writing the terminal owner's output (standard output) failed: a closed or broken pipe, a
  /// full disk, a closed descriptor.
  public static let outputFailed: Int32 = 4
  /// Reading standard input failed (an I/O error, a directory, a closed descriptor).
  public static let inputFailed: Int32 = 5
  /// Effects were still running at the settle timeout when the host quit; they were abandoned.
  public static let effectsAbandoned: Int32 = 6
  /// The `--session` file cannot be used: another `tictactoe` holds it, or it is a link, not a
  /// regular file, or another user's. (A file that is merely unreadable as a session is moved
  /// aside instead, and the game starts fresh.)
  public static let sessionUnusable: Int32 = 7
  /// `replay`: the log cannot be read, or the replay stopped where it no longer follows it.
  public static let replayFailed: Int32 = 8
  /// `--listen`: the socket could not be made.
  public static let listenFailed: Int32 = 9
  /// `attach`: the host could not be reached, or went away.
  public static let hostWentAway: Int32 = 10
  /// `--session`: the last state could not be saved at the end (a full disk, say), even
  /// retried; the file holds an older one.
  public static let sessionNotSaved: Int32 = 11
  /// After signal `number` (SIGINT, SIGTERM, SIGHUP, SIGQUIT): 128 + `number`.
  public static func signal(_ number: Int32) -> Int32 { 128 + number }
}

/// Why the host quits: whether it settles effects first, what it says, and its exit status.
public enum QuitReason: Sendable {
  /// A front end asked (`TTT_REQUEST_QUIT`); `nil` for the host's own caller.
  case requested(by: AttachedFrontEnd?)
  /// The input ended and the terminal owner consumed it.
  case endOfInput
  /// Reading the input failed; the message says how.
  case inputFailed(String)
  /// The terminal owner's output failed; the message says how, or is `nil` when its reader
  /// left (a broken pipe), which is said to nobody.
  case outputFailed(String?)
  /// A signal asked the host to quit.
  case signal(Int32)
  /// A switch failed and so did the fallback: no front end is left.
  case noFrontEnd
  /// `replay` stopped at an action that no longer follows the log; the message names its line.
  case replayDiverged(String)
  /// `attach`: the host went away; the message says how.
  case hostWentAway(String)
  /// The settle before quitting for `reason` timed out with `work` still running.
  indirect case effectsAbandoned(after: QuitReason, work: String)

  /// Whether effects are settled before the front ends are detached.
  var settlesFirst: Bool {
    switch self {
    case .requested, .endOfInput, .inputFailed: true
    case .outputFailed, .signal, .noFrontEnd, .replayDiverged, .hostWentAway, .effectsAbandoned:
      false
    }
  }

  /// Whether the host ends at once, waiting at most 25 ms for readers to take what is pending.
  var isUrgent: Bool {
    switch self {
    case .outputFailed, .signal: true
    default: false
    }
  }

  /// The front end that asked, if one did.
  var requester: AttachedFrontEnd? {
    if case .requested(let session) = self { session } else { nil }
  }

  /// The line the host writes on standard error, if any.
  var message: String? {
    switch self {
    case .requested, .endOfInput, .signal, .noFrontEnd: nil
    case .outputFailed(let message): message
    case .inputFailed(let message), .replayDiverged(let message), .hostWentAway(let message):
      message
    case .effectsAbandoned(let reason, let work):
      [reason.message, "quitting with \(work) still running at the settle timeout; abandoned"]
        .compactMap { $0 }.joined(separator: "; ")
    }
  }

  /// The process's exit status.
  var exitStatus: Int32 {
    switch self {
    case .requested, .endOfInput: ExitStatus.success
    case .inputFailed: ExitStatus.inputFailed
    case .outputFailed: ExitStatus.outputFailed
    case .signal(let number): ExitStatus.signal(number)
    case .noFrontEnd: ExitStatus.noFrontEnd
    case .replayDiverged: ExitStatus.replayFailed
    case .hostWentAway: ExitStatus.hostWentAway
    case .effectsAbandoned(let reason, _):
      reason.exitStatus == ExitStatus.success ? ExitStatus.effectsAbandoned : reason.exitStatus
    }
  }
}
