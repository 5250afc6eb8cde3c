import Foundation
import TestSupport

/// The real `tictactoe` without a terminal: standard input is a pipe the test keeps open (so
/// the host waits for input, as behind `producer | tictactoe`), standard output and standard
/// error go to another pipe, which a thread of its own drains.
///
/// A watchdog kills the host with SIGKILL if it is still running `timeout` after it started,
/// so that a host that survives what should have ended it fails the test instead of hanging
/// it. Waiting is for events (output, the process's end), never for a fixed time.
final class PipedHost: Sendable {
  /// How the process ended.
  enum Ending: Equatable, CustomStringConvertible {
    case exited(status: Int32)
    case signaled(Int32)
    /// Still running when the watchdog's time was up.
    case hung

    var description: String {
      switch self {
      case .exited(let status): "exited with status \(status)"
      case .signaled(let signal): "died of signal \(signal) (\(String(cString: strsignal(signal))))"
      case .hung: "still running when the watchdog killed it"
      }
    }
  }

  /// The host's process id (reaped only by ``waitForExit()``).
  let pid: pid_t
  /// The write end of the host's standard input.
  private let input: Int32
  /// When the watchdog kills the host; waits for output end a little after.
  private let deadline: Date
  /// What the reader thread and the watchdog share with the test.
  private let state = State()

  /// Starts `tictactoe ARGUMENTS`, with a crash report that does not wait for a key.
  init(_ arguments: [String], timeout: TimeInterval = 300) throws {
    guard BuildProducts.missing.isEmpty else {
      throw TmuxError("not built (run swift build first): \(BuildProducts.missing)")
    }
    var inputPipe: [Int32] = [-1, -1]
    var outputPipe: [Int32] = [-1, -1]
    // Close-on-exec: no other child started meanwhile (by a test running in parallel) may
    // hold an end and keep the output from ending.
    guard GNUExtensions.pipe2(&inputPipe, O_CLOEXEC) == 0,
      GNUExtensions.pipe2(&outputPipe, O_CLOEXEC) == 0
    else {
      for descriptor in inputPipe + outputPipe where descriptor >= 0 { close(descriptor) }
      throw TmuxError("pipe2 failed: \(String(cString: strerror(errno)))")
    }
    var environment = ProcessInfo.processInfo.environment
    if CrashReport.isEnabled { environment["SWIFT_BACKTRACE"] = "interactive=no,color=no" }
    do {
      pid = try ChildProcess.spawn(
        BuildProducts.tictactoe, arguments, environment: environment
      ) { actions in
        posix_spawn_file_actions_adddup2(&actions, inputPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 2)
      }
    } catch {
      for descriptor in inputPipe + outputPipe { close(descriptor) }
      throw error
    }
    close(inputPipe[0])
    close(outputPipe[1])
    input = inputPipe[1]
    deadline = Date(timeIntervalSinceNow: timeout)

    let reading = outputPipe[0]
    Thread.detachNewThread { [state] in state.drain(reading) }
    DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [state, pid] in
      state.watchdog(pid)
    }
  }

  deinit {
    close(input)
    // A test that stopped early leaves the host running: end it now, and reap it.
    if state.endIfNotReaped(pid) {
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    }
  }

  /// Blocks until the host has written `text`; returns all of its output so far. Throws if
  /// its output ends first.
  @discardableResult
  func waitForOutput(_ text: String) throws -> String {
    let condition = state.condition
    condition.lock()
    defer { condition.unlock() }
    while true {
      let seen = String(decoding: state.output, as: UTF8.self)
      if seen.contains(text) { return seen }
      if state.outputEnded || !condition.wait(until: deadline.addingTimeInterval(5)) {
        throw TmuxError("the host's output ended without \"\(text)\":\n\(seen)")
      }
    }
  }

  /// Blocks until the host has ended, and reaps it.
  func waitForExit() -> Ending {
    // Wait without reaping, so the watchdog never signals a reused process id.
    var info = siginfo_t()
    while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0, errno == EINTR {}
    let killedByWatchdog = state.recordExit()
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    let signal = status & 0x7F
    if signal == 0 { return .exited(status: (status >> 8) & 0xFF) }
    return killedByWatchdog && signal == SIGKILL ? .hung : .signaled(signal)
  }

  /// Blocks until the host's output has ended (it ends with the process); returns all of it.
  func allOutput() -> String {
    let condition = state.condition
    condition.lock()
    defer { condition.unlock() }
    while !state.outputEnded && condition.wait(until: deadline.addingTimeInterval(5)) {}
    return String(decoding: state.output, as: UTF8.self)
  }

  /// The host's output so far and how its process is doing, behind one lock.
  private final class State: @unchecked Sendable {
    /// Guards everything below; signalled when output arrives or ends.
    let condition = NSCondition()
    var output: [UInt8] = []
    var outputEnded = false
    /// Whether the process has ended (or was killed to be reaped): no signal for it after.
    var hasExited = false
    var watchdogFired = false

    /// Reads `descriptor` to its end, then closes it.
    func drain(_ descriptor: Int32) {
      var buffer = [UInt8](repeating: 0, count: 16 * 1024)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { continue }
        condition.lock()
        if count > 0 { output += buffer[..<count] } else { outputEnded = true }
        condition.broadcast()
        condition.unlock()
        if count <= 0 { break }
      }
      close(descriptor)
    }

    /// Kills `pid` with SIGKILL, unless it has already ended.
    func watchdog(_ pid: pid_t) {
      condition.lock()
      defer { condition.unlock() }
      guard !hasExited, !watchdogFired else { return }
      watchdogFired = true
      kill(pid, SIGKILL)
    }

    /// Records that the process has ended (it is about to be reaped); returns whether the
    /// watchdog had killed it.
    func recordExit() -> Bool {
      condition.lock()
      defer { condition.unlock() }
      hasExited = true
      return watchdogFired
    }

    /// Kills `pid` with SIGKILL unless it was reaped already; returns whether it is left to
    /// reap.
    func endIfNotReaped(_ pid: pid_t) -> Bool {
      condition.lock()
      defer { condition.unlock() }
      guard !hasExited else { return false }
      hasExited = true
      kill(pid, SIGKILL)
      return true
    }
  }
}
