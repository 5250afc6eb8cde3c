import Dispatch
import HostIO
import Persistence

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

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
  /// For tests only: the FIFO named by `TICTACTOE_TEST_SAVE_GATE`, which every save waits at
  /// until it is opened (see ``waitAtGate(showing:)``); `nil` for everyone else.
  private let gate = Lock<String?>(getenv("TICTACTOE_TEST_SAVE_GATE").map { String(cString: $0) })

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
    waitAtGate(showing: bytes)
    let result: Result<[UInt8], SessionFile.Failure>
    do {
      try file.save(bytes)
      result = .success(bytes)
    } catch {
      result = .failure(error)
    }
    outcomes.withLock { $0.append(Outcome(number: number, result: result)) }
  }

  /// A test seam, set only by tests through the environment variable
  /// `TICTACTOE_TEST_SAVE_GATE` (a FIFO's path), so that a test can end the host while a save
  /// is under way: before each save, the saver writes the snapshot to the FIFO, then reads it
  /// back until its writer closes it. `go` lets this save go on and holds the next one at the
  /// gate again; anything else (`open`) lets this save and every later one go.
  private func waitAtGate(showing bytes: [UInt8]) {
    guard let path = gate.withLock({ $0 }) else { return }
    let output = open(path, O_WRONLY)
    guard output >= 0 else { return }
    _ = bytes.withUnsafeBytes { Glibc.write(output, $0.baseAddress, $0.count) }
    _ = close(output)
    let input = open(path, O_RDONLY)
    guard input >= 0 else { return }
    var answer: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 16)
    while case let count = read(input, &buffer, buffer.count), count > 0 {
      answer += buffer[..<count]
    }
    _ = close(input)
    if !answer.starts(with: Array("go".utf8)) { gate.withLock { $0 = nil } }
  }
}
