import HostIO
import Persistence
import TicTacToeAppCore
import UnidirectionalFlow

/// What is kept of the game besides its current state: the history that rewinding and undo go
/// back in, the `--session` file and the `--record` log (both made durable before any output
/// shows what they hold), and how far `tictactoe replay` has come.
///
/// Its own type so that every way the game outlives a moment (or the process) is in one place;
/// it works on the host's `store` and reports through `report` (the host's diagnostics).
@MainActor
final class SessionRecording {
  /// The states the game went through, for rewinding and undo (see ``StateHistory``).
  let history: StateHistory
  /// How far `tictactoe replay` has come, while one drives the store (see ``ReplayDriver``).
  var replayProgress: ReplayProgress?
  /// What keeps the `--session` file current, if there is one.
  private var sessionKeeper: SessionKeeper?
  /// What writes the `--record` log, if there is one.
  private var recorder: ActionRecorder?
  private let store: Store<TicTacToe.State, TicTacToe.Action>
  /// Puts earlier states back (``StoreBridge/rewind(to:)``, which drops the screen exports).
  private let bridge: StoreBridge
  private let loop: any EventLoop
  private let report: (String) -> Void

  /// Keeps the past of `store`, putting states back through `bridge`, writing the log on
  /// `loop` and reporting failures to `report`.
  init(
    store: Store<TicTacToe.State, TicTacToe.Action>, bridge: StoreBridge, loop: any EventLoop,
    report: @escaping (String) -> Void
  ) {
    self.store = store
    self.bridge = bridge
    self.loop = loop
    self.report = report
    history = StateHistory(bridge: bridge)
  }

  /// Saves the game to `file` after every change, before any output shows that change; see
  /// ``SessionKeeper``. `undo` holds the states before each move of its game, as the file
  /// kept them.
  func keepSession(in file: SessionFile, undo: [TicTacToe.State]) {
    sessionKeeper?.stop()
    history.restoreGame(undo)
    sessionKeeper = SessionKeeper(
      file: file, store: store, history: history, loop: loop,
      beforeSave: { [unowned self] in recorder?.sink.flush() },
      report: { [unowned self] in report($0) })
    OutputFlusher.durability = { [weak self] now in self?.makeDurable(now: now) }
  }

  /// Records every processed action to `path` (created 0600, or truncated; opened as an
  /// observer's output file is, unsafe files only if `allowsUnsafeFiles`).
  func record(to path: String, allowsUnsafeFiles: Bool) throws(OutputFile.OpenError) {
    let descriptor = try OutputFile.open(
      path, append: false, allowsUnsafeFiles: allowsUnsafeFiles)
    let sink = OutputSink(name: path, descriptor: descriptor, closesDescriptor: true, loop: loop)
    sink.onFailure = { [weak self] sink, failure in
      self?.report("tictactoe: the recording stopped: cannot write \(sink.name): \(failure)")
      self?.recorder?.stop()
    }
    recorder = ActionRecorder(sink: sink, store: store)
    OutputFlusher.durability = { [weak self] now in self?.makeDurable(now: now) }
  }

  /// What output waits for: the log's lines written first, then the session saved (see
  /// ``OutputFlusher/durability``). Returns the save that output must wait for, if any; `now`
  /// waits for it here instead.
  private func makeDurable(now: Bool) -> UInt64? {
    recorder?.sink.flush()
    guard let sessionKeeper else { return nil }
    guard now else { return sessionKeeper.commit() }
    sessionKeeper.saveNow()
    return nil
  }

  /// At exit: the last save, and the log handed to `outputs` to be written out with the
  /// others. Returns why the session could not be saved, if it could not.
  func stop(handingLogTo outputs: HostOutputs) -> String? {
    defer {
      OutputFlusher.durability = nil
      if let recorder {
        recorder.stop()
        outputs.waitForAtExit(recorder.sink)
      }
    }
    guard let sessionKeeper, !sessionKeeper.stop() else { return nil }
    return sessionKeeper.failure ?? "cannot use \(sessionKeeper.file.path)"
  }

  /// Puts the game back to the state it had at `revision`: effects in flight are cancelled and
  /// every front end redraws. Fails if that revision is no longer kept (or never was).
  func rewind(toRevision revision: UInt64) -> Result<Void, HostCallError> {
    history.target(revision: revision).map { rewind(to: $0) }
  }

  /// Puts the game on screen back to the state before its last move.
  func undoMove() -> Result<Void, HostCallError> {
    history.beforeLastMove().map { rewind(to: $0) }
  }

  private func rewind(to state: TicTacToe.State) {
    bridge.rewind(to: state)
    recorder?.recordRewind()
  }
}
