import HostIO
import Persistence
import TicTacToeAppCore
import UnidirectionalFlow

/// Keeps a `--session` file current: the state a front end showed is a state saved.
///
/// Saving is a group commit, off the store thread. A change of state (a new revision of the
/// ``StateHistory``, which compares the states once for both) only marks the session dirty.
/// Once the store thread is done with its turn, or when output is about to go out (the
/// ``OutputFlusher``'s durability hook), the snapshot of the state as it is then is encoded
/// and handed to a ``SessionSaver``, which writes it on a thread of its own; the output that
/// shows it waits until that save is done, while the store thread goes on with the next input.
/// One save runs at a time: changes made meanwhile are saved together by the next one, the
/// latest snapshot only. A save that writes the same bytes as the last one is skipped.
///
/// Saves are paced, as databases group commits: a save starts no sooner than
/// ``minimumInterval`` (40 ms) after the previous one started. The first save after a quiet
/// spell starts at once, so a key press is not delayed; while changes keep coming, the next
/// save waits on the event loop's timer and then writes the latest state only. So a piped
/// stream of 100 000 actions pays at most 25 saves a second of its run, not one per chunk of
/// input (each appends a record to the file's log and `fdatasync`s it, see ``SessionFile``;
/// kernel time that was most of what `--session` cost), and output in a burst waits up to
/// the interval plus one save.
/// No state event reaches a reader before its state is on disk. Quitting, the end of the input
/// and signals do not wait for the interval (``stop()`` and ``saveNow()``).
///
/// A failed save (a full disk, say) is reported once, and retried at the next change and at
/// the end; the game goes on meanwhile (the output it held goes out), and a later success is
/// reported too. ``stop()`` waits for the save under way and saves the last state, and says
/// whether it is on disk, so that the host never ends as if it were when it is not.
@MainActor
final class SessionKeeper {
  /// The least time from the start of one save to the start of the next while changes keep
  /// coming. In a burst, a crash can take away this much play and one save, none of it shown
  /// yet (what a front end showed is saved already).
  /// Measured side by side on the 100 000-action stream (see Documentation/Benchmarks.md):
  /// 20 ms made 83 saves and cost 1.10–1.12x the CPU of no session, 40 ms 43 saves; from 40 ms
  /// to 100 ms the CPU no longer moves, as what is left is not the saves'. With saves appended
  /// to a log, 10 to 40 ms cost the same (1.04x in one run), so it stays at 40 ms.
  static let minimumInterval: Duration = .milliseconds(40)

  var file: SessionFile { saver.file }
  private let saver: SessionSaver
  /// Whose timer starts a save held back by the interval.
  private let loop: any EventLoop
  private let minimumInterval: Duration
  private let store: Store<TicTacToe.State, TicTacToe.Action>
  private let history: StateHistory
  /// Runs before each save is started: the record log's lines go out first.
  private let beforeSave: () -> Void
  private let report: (String) -> Void
  /// Changes of state so far, the state the host started with included: a save is numbered
  /// by the changes it covers.
  var changes: UInt64 { history.revision + 1 }
  /// The changes covered by the saves done (saved, or failed and reported).
  private(set) var settled: UInt64 = 0
  /// The save under way, if any.
  private(set) var saving: UInt64?
  /// When the last save started, on the loop's clock.
  private var lastStart: ContinuousClock.Instant?
  /// The timer that starts the next save once the interval has passed, while one is set.
  private var pacing: EventLoopInterest?
  private var isDirty = true
  /// Whether the keeper's turn after a change is scheduled on the store thread.
  private(set) var isScheduled = false
  private var isStopped = false
  private var lastSaved: [UInt8]?
  private var isFailing = false
  /// Why the last save failed, while saves fail.
  private(set) var failure: String?

  init(
    file: SessionFile, store: Store<TicTacToe.State, TicTacToe.Action>, history: StateHistory,
    loop: any EventLoop, minimumInterval: Duration = SessionKeeper.minimumInterval,
    beforeSave: @escaping () -> Void, report: @escaping (String) -> Void
  ) {
    self.saver = SessionSaver(file: file)
    self.loop = loop
    self.minimumInterval = minimumInterval
    self.store = store
    self.history = history
    self.beforeSave = beforeSave
    self.report = report
    // Its closures hold it strongly, never weakly, until they run (or ``stop()`` cancels the
    // timer): a weak reference would give the keeper a side table, which makes every retain
    // and release of it slow, and this closure retains and releases it on every change.
    history.onChange = { [unowned self] in markDirty() }
    markDirty()
  }

  /// Stops keeping the file: waits for the save under way, then saves the current state (again,
  /// if the last save failed); returns whether it is saved.
  @discardableResult
  func stop() -> Bool {
    guard !isStopped else { return !isFailing }
    if isFailing { isDirty = true }
    saveNow()
    isStopped = true
    if let pacing { loop.cancel(pacing) }
    history.onChange = nil
    return !isFailing
  }

  /// Starts saving the current state unless a save is under way; returns `nil` if what was
  /// shown so far is saved, or else the number of the save that output must wait for (see
  /// ``OutputFlusher/durability``).
  func commit() -> UInt64? {
    takeOutcomes()
    startSaveIfDirty(waiting: false)
    return settled >= changes ? nil : changes
  }

  /// Saves the current state before returning, after the save under way.
  func saveNow() {
    // Handling an outcome lets held output go, whose flush may start the next save: wait
    // until none is under way and nothing is left to save.
    repeat {
      saver.waitForSaves()
      takeOutcomes()
      if saving == nil { startSaveIfDirty(waiting: true) }
    } while (saving != nil || isDirty) && !isStopped
  }

  /// Marks the session dirty and schedules the keeper's turn. Until one of the two is undone
  /// (a save starts, or the turn runs), further changes would change nothing here, so the
  /// history stops telling of them meanwhile (``StateHistory/notifiesChanges``).
  private func markDirty() {
    isDirty = true
    history.notifiesChanges = false
    guard !isScheduled else { return }
    isScheduled = true
    StoreThread.schedule { [self] in
      isScheduled = false
      history.notifiesChanges = true
      _ = commit()
    }
  }

  /// Starts a save if something is left to save and none is under way; unless `waiting`, only
  /// once ``minimumInterval`` has passed since the last one started (a timer starts it then).
  private func startSaveIfDirty(waiting: Bool) {
    guard isDirty, saving == nil, !isStopped else { return }
    if !waiting, let lastStart, case let wait = loop.now.duration(to: lastStart + minimumInterval),
      wait > .zero
    {
      pace(wait)
      return
    }
    isDirty = false
    history.notifiesChanges = true
    beforeSave()
    // The states before each move of the game on screen are saved with it, so that `:undo`
    // works after a restore.
    let bytes = SessionSnapshot.encode(store.state, undo: history.statesBeforeEachMove())
    guard bytes != lastSaved else {
      settle(through: changes)
      return
    }
    saving = changes
    lastStart = loop.now
    if waiting {
      saver.saveWaiting(bytes, number: changes)
      takeOutcomes()
    } else {
      saver.save(bytes, number: changes) {
        StoreThread.schedule { [self] in
          guard !isStopped else { return }
          takeOutcomes()
          startSaveIfDirty(waiting: false)
        }
      }
    }
  }

  /// Starts the save held back once `wait` has passed, unless a timer is set already.
  private func pace(_ wait: Duration) {
    guard pacing == nil else { return }
    pacing = loop.after(wait) { [self] in
      pacing = nil
      guard !isStopped else { return }
      takeOutcomes()
      startSaveIfDirty(waiting: false)
    }
  }

  /// Handles the saves done since the last look, in order: reports, then lets out the
  /// output they held.
  private func takeOutcomes() {
    for outcome in saver.takeOutcomes() {
      if saving == outcome.number { saving = nil }
      switch outcome.result {
      case .success(let bytes):
        lastSaved = bytes
        failure = nil
        if isFailing {
          isFailing = false
          report("tictactoe: the session is saved to \(file.path) again")
        }
      case .failure(let error):
        failure = error.description
        if !isFailing {
          isFailing = true
          report(
            "tictactoe: the session is not saved (\(error)); the game goes on, and the "
              + "next change tries again")
        }
      }
      settle(through: outcome.number)
    }
  }

  private func settle(through number: UInt64) {
    settled = max(settled, number)
    OutputFlusher.durable(through: settled)
  }
}
