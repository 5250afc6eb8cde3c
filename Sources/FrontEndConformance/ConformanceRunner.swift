import Dispatch
import FoundationEssentials
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Runs ``ConformanceSuite`` in a child process and prints one line per check.
///
/// A front end that crashes takes its process with it, so the suite runs in a child (the host
/// executable run again with a hidden flag) that reports each check and step as it goes. When
/// the child dies, the parent fails the check that was running, naming the signal and the step
/// (`FAIL survives state changes: crashed with signal 11 (SIGSEGV) while the game was shown`),
/// and skips the checks that did not run.
public enum ConformanceRunner {
  /// Runs `executable` with `arguments` (which make it run the suite and write its events to
  /// standard output), writes each result line with `write`, and returns the exit status: 0 if
  /// no check failed, 1 otherwise.
  ///
  /// The child inherits standard input (so the terminal check sees the terminal), standard
  /// error and the process group; it is killed after `timeoutSeconds`.
  public static func run(
    executable: String, arguments: [String], timeoutSeconds: Int = 120,
    write: @escaping (String) -> Void
  ) -> Int32 {
    var environment = ProcessInfo.processInfo.environment
    // A crash should end the child at once, not after a symbolicated backtrace.
    environment["SWIFT_BACKTRACE"] = "enable=no"
    let savedTerminal = TerminalModes.save(0)
    var relay = Relay(write: write)
    let child: ChildProcess
    do {
      child = try ChildProcess(
        executable: executable, arguments: arguments, environment: environment)
    } catch {
      relay.finishUnreported(cause: "the check process could not start (\(error))", skip: "")
      return 1
    }
    let watchdog = Watchdog(pid: child.pid, seconds: timeoutSeconds)
    child.readLines { relay.receive($0) }
    child.waitForEnd()
    let timedOut = watchdog.cancel()
    let termination = child.reap()
    if let savedTerminal { TerminalModes.restore(savedTerminal, on: 0) }
    switch termination {
    case _ where timedOut:
      relay.finishUnreported(
        cause: "did not finish within \(timeoutSeconds) seconds",
        skip: "the check was stopped during")
    case .signaled(let signal):
      relay.finishUnreported(
        cause: "crashed with signal \(SignalName.describe(signal))",
        skip: "the front end crashed during")
    case .exited(let status) where !relay.isComplete:
      relay.finishUnreported(
        cause: "the check process exited with status \(status)",
        skip: "the check process exited during")
    case .exited:
      break
    }
    return relay.hasFailed ? 1 : 0
  }

  /// Turns the child's events into result lines, remembering what was running.
  private struct Relay {
    let write: (String) -> Void
    var running: ConformanceCheck?
    var step: String?
    var reported: Set<ConformanceCheck> = []
    var hasFailed = false

    var isComplete: Bool { reported.count == ConformanceCheck.allCases.count }

    mutating func receive(_ line: String) {
      guard let event = ConformanceEvent(line: line[...]) else { return }
      switch event {
      case .started(let check):
        running = check
        step = nil
      case .step(let name):
        step = name
      case .finished(let check, let outcome):
        report(check, outcome)
        running = nil
        step = nil
      }
    }

    mutating func report(_ check: ConformanceCheck, _ outcome: ConformanceOutcome) {
      guard reported.insert(check).inserted else { return }
      if outcome.isFailure { hasFailed = true }
      write(outcome.line(for: check))
    }

    /// Fails the check that was running (or the next one) with `cause` and the step it was
    /// at, and skips the ones after it, saying `skip 'culprit'`.
    mutating func finishUnreported(cause: String, skip: String) {
      let unreported = ConformanceCheck.allCases.filter { !reported.contains($0) }
      guard let culprit = running ?? unreported.first else { return }
      report(culprit, .fail(cause + (step.map { " \($0)" } ?? "")))
      for check in unreported where check != culprit {
        report(check, .skip(skip.isEmpty ? cause : "\(skip) '\(culprit.title)'"))
      }
    }
  }

  /// Kills the child if it runs for too long.
  private final class Watchdog: Sendable {
    private let state = Mutex((cancelled: false, fired: false))

    init(pid: pid_t, seconds: Int) {
      DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(seconds)) { [self] in
        state.withLock { state in
          guard !state.cancelled else { return }
          state.fired = true
          // Under the lock, and before the child is reaped: the pid is still the child's.
          kill(pid, SIGKILL)
        }
      }
    }

    /// Stops the watchdog; returns whether it had fired.
    func cancel() -> Bool {
      state.withLock { state in
        state.cancelled = true
        return state.fired
      }
    }
  }
}
