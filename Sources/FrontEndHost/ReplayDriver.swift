import AppCore
import Persistence
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
/// Front ends watch: their intents are refused while the log drives the game.
///
/// With a `speed`, the actions keep the recording's pace divided by it; without, they are
/// replayed at once.
@MainActor
public final class ReplayDriver {
  /// One line of the log: its number in the file, and its record.
  public typealias Line = (number: Int, record: ActionLog.Record)

  private let host: FrontEndHost
  private let lines: [Line]
  private let name: String
  private let speed: Double?
  private var next = 0

  /// A driver for `lines` of the log called `name` in messages.
  public init(host: FrontEndHost, lines: [Line], name: String, speed: Double?) {
    self.host = host
    self.lines = lines
    self.name = name
    self.speed = speed
    host.bridge.isReadOnly = true
  }

  /// Replays the log; calls `onEnd` once every line is replayed (not when the replay stops).
  public func run(onEnd: @escaping @MainActor () -> Void) {
    guard let speed else {
      while next < lines.count {
        guard step() else { return }
      }
      onEnd()
      return
    }
    Task { @MainActor in
      var previous = lines.first?.record.time ?? 0
      while next < lines.count {
        let wait = max(0, lines[next].record.time - previous) / speed
        previous = lines[next].record.time
        if wait > 0 { try? await Task.sleep(for: .milliseconds(Int64(wait * 1000))) }
        guard step() else { return }
      }
      onEnd()
    }
  }

  /// Replays the next line; returns `false` if it stopped the replay.
  private func step() -> Bool {
    let (number, record) = lines[next]
    next += 1
    let store = host.store
    guard let action = record.action else {
      store.rewind(to: record.state)
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
