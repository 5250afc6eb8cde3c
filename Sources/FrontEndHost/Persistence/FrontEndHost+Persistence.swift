import HostIO
import Persistence
import TicTacToeAppCore

/// What outlives the process: the `--session` file and the `--record` log, both made durable
/// before any output shows what they hold.
extension FrontEndHost {
  /// Saves the game to `file` after every change, before any output shows that change; see
  /// ``SessionKeeper``. The store's state is the one to keep (restored from the file already,
  /// if it held one); `undo` holds the states before each move of its game, as the file kept
  /// them, and the session saves them again with every change.
  public func keepSession(in file: SessionFile, undo: [TicTacToe.State] = []) {
    sessionKeeper?.stop()
    history.restoreGame(undo)
    sessionKeeper = SessionKeeper(
      file: file, store: store, history: history,
      beforeSave: { [unowned self] in recorder?.sink.flush() },
      report: { [unowned self] in diagnostics($0) })
    OutputFlusher.durability = { [weak self] now in self?.makeDurable(now: now) }
  }

  /// Records every processed action to `path` (created 0600, or truncated; opened as an
  /// observer's output file is, see ``OutputFile``).
  public func record(to path: String) throws(OutputFile.OpenError) {
    let descriptor = try OutputFile.open(
      path, append: false, allowsUnsafeFiles: loadPolicy.allowsUnsafeFiles)
    let sink = OutputSink(name: path, descriptor: descriptor, closesDescriptor: true, loop: loop)
    sink.onFailure = { [weak self] sink, failure in
      self?.diagnostics("tictactoe: the recording stopped: cannot write \(sink.name): \(failure)")
      self?.recorder?.stop()
    }
    recorder = ActionRecorder(sink: sink, store: store)
    OutputFlusher.durability = { [weak self] now in self?.makeDurable(now: now) }
  }

  /// What output waits for: the log's lines written first, then the session saved (see
  /// ``OutputFlusher/durability``). Returns the save that output must wait for, if any; `now`
  /// waits for it here instead.
  func makeDurable(now: Bool) -> UInt64? {
    recorder?.sink.flush()
    guard let sessionKeeper else { return nil }
    guard now else { return sessionKeeper.commit() }
    sessionKeeper.saveNow()
    return nil
  }

  /// At exit: the last save, and the log written out with the other outputs. Returns why the
  /// session could not be saved, if it could not.
  func stopPersisting() -> String? {
    defer {
      OutputFlusher.durability = nil
      if let recorder {
        recorder.stop()
        closingOutputs.append(recorder.sink)
      }
    }
    guard let sessionKeeper, !sessionKeeper.stop() else { return nil }
    return sessionKeeper.failure ?? "cannot use \(sessionKeeper.file.path)"
  }
}

/// Rewinding: the whole state tree put back to an earlier state, from every front end at once.
extension FrontEndHost {
  /// The revision of the current state (see ``StateHistory``).
  public var revision: UInt64 { history.revision }

  /// Puts the game back to the state it had at `revision`: effects in flight are cancelled and
  /// every front end redraws. Fails if that revision is no longer kept (or never was).
  public func rewind(toRevision revision: UInt64) -> Result<Void, HostCallError> {
    history.target(revision: revision).map { rewind(to: $0) }
  }

  /// Puts the game on screen back to the state before its last move.
  public func undoMove() -> Result<Void, HostCallError> {
    history.beforeLastMove().map { rewind(to: $0) }
  }

  private func rewind(to state: TicTacToe.State) {
    bridge.rewind(to: state)
    recorder?.recordRewind()
  }
}
