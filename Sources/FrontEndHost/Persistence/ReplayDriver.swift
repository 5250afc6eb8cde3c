import HostIO
import Persistence
import TicTacToeAppCore
import UnidirectionalFlow

/// Replays a `--record` log into the host's store, as `tictactoe replay` does.
///
/// The store replays with its effects dropped: a server's answer is a line of the log like
/// any other, so no live client is needed. Each line's action is checked as a front end's
/// would be (a user intent must be for the screen on top), sent, and the state it leads to is
/// compared with the state the log recorded. The first line that does not follow stops the
/// replay, and the host quits with ``ExitStatus/replayFailed`` and a message naming the line.
///
/// A rewind of the log puts the store back to its state, as the recording host did.
///
/// Front ends watch: their intents are refused while the log drives the game. They read how
/// far it has come in the root state (``ReplayProgress``, ABI 1.3), and their root
/// subscriptions are called when a line changes nothing and when the replay ends, so a banner's
/// progress and its end marker are always current. Make the driver before the front ends
/// attach: their first screen then already shows the replay.
///
/// The ``Pace`` says when each line is replayed: at once, at the recording's pace, or one per
/// Enter on standard input.
@MainActor
public final class ReplayDriver {
  /// One line of the log: its number in the file, and its record.
  public typealias Line = (number: Int, record: ActionLog.Record)

  /// When each line is replayed.
  public enum Pace {
    /// Every line at once.
    case atOnce
    /// The recording's pace, `speed` times faster, waited for on `clock`.
    case recorded(speed: Double, clock: any Clock<Duration>)
    /// One line per line (Enter) read from `input`; at the end of the input, the rest at once.
    case stepped(InputSource)
  }

  /// The speeds `--speed` takes: slower than a thousandth, a replay would hardly move; faster
  /// than a thousand times, it is at once in all but name.
  public nonisolated static let speeds = 0.001...1000.0
  /// The longest wait between two lines at a recorded pace: a log whose times jump (an idle
  /// night, or a hand-edited `ms`) pauses an hour at most.
  public nonisolated static let longestWait = Duration.seconds(3600)

  private let host: FrontEndHost
  private let lines: ReplayLines
  private let name: String
  /// How many lines were replayed.
  private var next = 0
  /// The line read ahead (its time says how long to wait before it).
  private var upcomingLine: Line?
  /// Whether a line could not be read: the replay stopped there.
  private var hasStopped = false

  /// A driver for `lines` of the log called `name` in messages.
  public convenience init(host: FrontEndHost, lines: [Line], name: String) {
    self.init(host: host, lines: ReplayLines(lines), name: name)
  }

  /// A driver for the log called `name` in messages, whose lines are read as they are
  /// replayed: a line that cannot be read stops the replay as a line that does not follow does.
  public init(host: FrontEndHost, lines: ReplayLines, name: String) {
    self.host = host
    self.lines = lines
    self.name = name
    host.bridge.isReadOnly = true
    host.recording.replayProgress = ReplayProgress(length: lines.count)
  }

  /// The next line to replay, read if need be; `nil` at the end of the log, or once a line
  /// could not be read (the replay stopped then).
  private func upcoming() -> Line? {
    if let upcomingLine { return upcomingLine }
    guard !hasStopped else { return nil }
    do {
      upcomingLine = try lines.next()
    } catch {
      hasStopped = true
      _ = diverge(error.line, error.message)
    }
    return upcomingLine
  }

  /// Replays the log at `pace`; calls `onEnd` once every line is replayed (not when the replay
  /// stopped), with the input read past the last step (`[]` if none), or `nil` if a stepped
  /// replay read the input to its end.
  public func run(at pace: Pace, onEnd: @escaping @MainActor (_ unread: [UInt8]?) -> Void) {
    switch pace {
    case .atOnce:
      if replayRest() { onEnd([]) }
    case .recorded(let speed, let clock):
      Task { @MainActor in
        var previous = upcoming()?.record.time ?? 0
        while let line = upcoming() {
          let wait = Self.wait(from: previous, to: line.record.time, speed: speed)
          previous = line.record.time
          if wait > .zero { try? await clock.sleep(for: wait) }
          guard step() else { return }
        }
        if !hasStopped { onEnd([]) }
      }
    case .stepped(let input):
      // The input keeps the driver until the host takes the input over at the end.
      input.onRead = { [self] result in
        guard case .bytes(let bytes) = result else {
          // The end of the input (or a failed read): the rest at once, then the input's end
          // reaches the front ends.
          if replayRest() { onEnd(nil) }
          return
        }
        var index = bytes.startIndex
        while upcoming() != nil, index < bytes.endIndex {
          let byte = bytes[index]
          index += 1
          if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
            guard step() else { return }
          }
        }
        if upcoming() != nil {
          input.requestRead()
        } else if !hasStopped {
          onEnd(Array(bytes[index...]))
        }
      }
      if upcoming() != nil {
        input.requestRead()
      } else if !hasStopped {
        onEnd([])
      }
    }
  }

  /// The wait between lines recorded at `previous` and `time` (seconds) at `speed`: none for
  /// a time that goes back, at most ``longestWait``, and never a trap converting it.
  nonisolated static func wait(from previous: Double, to time: Double, speed: Double) -> Duration {
    let seconds = (time - previous) / speed
    let longest = Double(longestWait.components.seconds)
    guard seconds > 0 else { return .zero }  // also NaN
    return seconds >= longest ? longestWait : .milliseconds(Int64(seconds * 1000))
  }

  /// Replays every line left; returns `false` if the replay stopped.
  private func replayRest() -> Bool {
    while upcoming() != nil {
      guard step() else { return false }
    }
    return !hasStopped
  }

  /// Replays the next line; returns `false` if it stopped the replay.
  private func step() -> Bool {
    guard let (number, record) = upcoming() else { return false }
    upcomingLine = nil
    next += 1
    let store = host.store
    let before = store.state
    host.recording.replayProgress?.step = next
    host.recording.replayProgress?.isOver = next == lines.count
    // Front ends hear of the new step with the change it makes, or on their own if it made none.
    defer { if store.state == before { host.bridge.notifyRootSubscribers() } }
    guard let action = record.action else {
      host.bridge.rewind(to: record.state)
      return true
    }
    let casePath = ActionDescription.describe(action).casePath
    if record.origin == .frontend {
      guard let entry = host.actions.entry(casePath: casePath) else {
        return diverge(number, "\(casePath) is not a user intent this tictactoe knows")
      }
      do {
        try ActionImport.checkActive(entry, in: store.state)
      } catch {
        return diverge(number, "\(casePath) is refused: \(error.message)")
      }
    }
    store.send(action)
    guard SessionSnapshot.restored(store.state) == record.state else {
      return diverge(number, "after \(casePath), the state is not the one the log recorded")
    }
    return true
  }

  private func diverge(_ line: Int, _ problem: String) -> Bool {
    host.quit(.replayDiverged("\(name):\(line): the replay stops: \(problem)"))
    return false
  }
}
