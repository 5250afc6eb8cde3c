import Dispatch
import HostIO
import Persistence

/// Saves a session's snapshots on a thread of its own, one at a time, in the order given: the
/// store thread hands a snapshot over and goes on with its work while the `fsync`s run.
///
/// Each save is numbered by its caller. What became of it (saved, or why not) waits here until
/// the store thread takes it (``takeOutcomes()``), so that outcomes are handled there, in
/// order, whether the store thread was told of them (the `done` job) or waited for them
/// (``waitForSaves()``).
final class SessionSaver: Sendable {
  /// What became of one save.
  struct Outcome: Sendable {
    /// The number its caller gave it.
    let number: UInt64
    /// The bytes now on disk, or why they are not.
    let result: Result<[UInt8], SessionFile.Failure>
  }

  let file: SessionFile
  private let queue = DispatchQueue(label: "tictactoe.session-saver")
  private let outcomes = Lock<[Outcome]>([])

  init(file: SessionFile) {
    self.file = file
  }

  /// Saves `bytes` as save `number` on the saver's thread, then runs `done` there.
  func save(_ bytes: [UInt8], number: UInt64, done: @escaping @Sendable () -> Void) {
    queue.async { [self] in
      write(bytes, number: number)
      done()
    }
  }

  /// Saves `bytes` as save `number` after the saves under way, and returns once it is done.
  func saveWaiting(_ bytes: [UInt8], number: UInt64) {
    queue.sync { write(bytes, number: number) }
  }

  /// Returns once the saves under way are done.
  func waitForSaves() {
    queue.sync {}
  }

  /// The outcomes of the saves done since the last call, oldest first.
  func takeOutcomes() -> [Outcome] {
    outcomes.withLock { outcomes in
      defer { outcomes = [] }
      return outcomes
    }
  }

  private func write(_ bytes: [UInt8], number: UInt64) {
    let result: Result<[UInt8], SessionFile.Failure>
    do {
      try file.replace(with: bytes)
      result = .success(bytes)
    } catch {
      result = .failure(error)
    }
    outcomes.withLock { $0.append(Outcome(number: number, result: result)) }
  }
}
