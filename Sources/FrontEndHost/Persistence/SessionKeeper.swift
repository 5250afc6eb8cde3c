import HostIO
import Persistence
import TicTacToeAppCore
import UnidirectionalFlow

/// Keeps a `--session` file current: the state a front end showed is a state saved.
///
/// Saving is a group commit. A change of state only marks the session dirty; the save runs
/// once the store thread is done with its turn, and in any case before any output is written
/// (the host makes it part of the ``OutputFlusher``'s barrier). So a piped stream of 100 000 actions read in large
/// chunks pays one save per chunk, not per action, and no state event reaches a reader before
/// its state is on disk. A save that writes the same bytes as the last one is skipped.
///
/// A failed save (a full disk, say) is reported once, and retried at the next change and at
/// the end; the game goes on meanwhile, and a later success is reported too. ``stop()`` says
/// whether the last state is on disk, so that the host never ends as if it were when it is
/// not.
@MainActor
final class SessionKeeper {
  let file: SessionFile
  private let store: Store<TicTacToe.State, TicTacToe.Action>
  /// The states before each move of the game on screen, saved with it so that `:undo` works
  /// after a restore.
  private let undo: () -> [TicTacToe.State]
  private let report: (String) -> Void
  private var subscription: StoreSubscription?
  private var isDirty = false
  private var isScheduled = false
  private var lastSaved: [UInt8]?
  private var isFailing = false
  /// Why the last save failed, while saves fail.
  private(set) var failure: String?

  init(
    file: SessionFile, store: Store<TicTacToe.State, TicTacToe.Action>,
    undo: @escaping () -> [TicTacToe.State], report: @escaping (String) -> Void
  ) {
    self.file = file
    self.store = store
    self.undo = undo
    self.report = report
    subscription = store.subscribe { [unowned self] _ in markDirty() }
    markDirty()
  }

  /// Stops keeping the file, saving the current state first (again, if the last save failed);
  /// returns whether it is saved.
  @discardableResult
  func stop() -> Bool {
    if isFailing { isDirty = true }
    saveIfDirty()
    subscription?.cancel()
    subscription = nil
    return !isFailing
  }

  private func markDirty() {
    isDirty = true
    guard !isScheduled else { return }
    isScheduled = true
    StoreThread.schedule { [weak self] in
      self?.isScheduled = false
      self?.saveIfDirty()
    }
  }

  /// Saves the current state if it changed since the last save.
  func saveIfDirty() {
    guard isDirty else { return }
    isDirty = false
    let bytes = SessionSnapshot.encode(store.state, undo: undo())
    guard bytes != lastSaved else { return }
    do {
      try file.replace(with: bytes)
      lastSaved = bytes
      failure = nil
      if isFailing {
        isFailing = false
        report("tictactoe: the session is saved to \(file.path) again")
      }
    } catch {
      failure = error.description
      if !isFailing {
        isFailing = true
        report(
          "tictactoe: the session is not saved (\(error)); the game goes on, and the "
            + "next change tries again")
      }
    }
  }
}
