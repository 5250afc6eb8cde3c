import FoundationEssentials
import FrontEndHost
import TicTacToeFrontEndABI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The checks of `tictactoe check-frontend`, run in the process that loads the front end.
///
/// A crash in the front end kills this process; ``ConformanceRunner`` runs it as a child and
/// reports which check (and which step) was running. Every event goes to `report` as it
/// happens, so the parent knows as much as this process did when it died.
@MainActor
public final class ConformanceSuite {
  /// The library being checked.
  public let path: String
  private let scratchDirectory: URL
  let policy: FrontEndLoadPolicy
  private let makeHost: @MainActor () -> FrontEndHost
  let report: (ConformanceEvent) -> Void
  /// How long, after detach, the output file must stay unchanged.
  let quietPeriod: Duration
  /// The file the process's standard output points at, if the caller pointed it at one.
  let standardOutput: String?
  /// Front-end log lines at error level, as the host prints them.
  private var errorLines: [String] = []
  private var hasFailed = false

  /// Prepares the checks of the library at `path`.
  ///
  /// - Parameters:
  ///   - scratchDirectory: an existing directory for the front end's output file.
  ///   - policy: which files may be loaded; `makeHost` should give its hosts the same.
  ///   - makeHost: a host around a fresh store whose effects finish at once (the live
  ///     authentication client with no latency, an immediate clock).
  ///   - quietPeriod: how long after detach the front end must not write.
  ///   - standardOutput: the regular file that standard output (descriptor 1) was pointed at,
  ///     for the check that an observer leaves it alone; `nil` skips that check.
  ///   - report: receives each event; it must write it out before returning.
  public init(
    path: String, scratchDirectory: URL, policy: FrontEndLoadPolicy = .strict,
    quietPeriod: Duration = .milliseconds(100), standardOutput: String? = nil,
    makeHost: @escaping @MainActor () -> FrontEndHost,
    report: @escaping (ConformanceEvent) -> Void
  ) {
    self.path = FrontEndLoader.canonicalPath(path)
    self.scratchDirectory = scratchDirectory
    self.policy = policy
    self.quietPeriod = quietPeriod
    self.standardOutput = standardOutput
    self.makeHost = makeHost
    self.report = report
  }

  /// Runs every check in order; returns whether none failed.
  public func run() async -> Bool {
    hasFailed = false
    let descriptor = checkDescriptor()
    checkABIVersion(descriptor)
    checkExports()
    await checkBehaviour()
    return !hasFailed
  }

  func start(_ check: ConformanceCheck, _ step: String? = nil) {
    report(.started(check))
    if let step { report(.step(step)) }
  }

  func finish(_ check: ConformanceCheck, _ outcome: ConformanceOutcome) {
    if outcome.isFailure { hasFailed = true }
    report(.finished(check, outcome))
  }

  private func skipRemaining(after check: ConformanceCheck, _ why: String) {
    for remaining in ConformanceCheck.allCases.drop(while: { $0 != check }).dropFirst() {
      report(.started(remaining))
      finish(remaining, .skip(why))
    }
  }

  // MARK: Checks 4 to 8: attached to a live store

  private func checkBehaviour() async {
    let loaded: LoadedFrontEnd
    do {
      loaded = try FrontEndLoader.load(path: path, policy: policy)
    } catch {
      if hasFailed {
        skipRemaining(after: .exports, "the host refuses to load it")
      } else {
        start(.attach)
        finish(.attach, .fail(error.reason))
        skipRemaining(after: .attach, "the host refuses to load it")
      }
      return
    }
    let host = makeHost()
    let errorPrefix = "tictactoe: [\(loaded.name)] error: "
    host.diagnostics = { [weak self] line in
      if line.hasPrefix(errorPrefix) { self?.errorLines.append(line) }
    }
    host.onExit = { _ in }
    var spec = FrontEndSpec(path)
    let output = scratchDirectory.appendingPathComponent("output").path
    if loaded.writesTerminal { spec.argument = output }
    let savedTerminal = TerminalModes.save(0)
    defer { if let savedTerminal { TerminalModes.restore(savedTerminal, on: 0) } }
    let terminalBefore = TerminalModes.read(0)
    let standardOutputBefore = standardOutput.map(fileSize)

    // 4. Attach.
    start(.attach, "while attaching")
    let session: AttachedFrontEnd
    let threadsBefore = ProcessThreads.ids()
    let attached = host.attach(spec, ownsTerminal: false)
    // The threads that appeared while attach ran: the front end's (an HTTP server's, say).
    let startedThreads = ProcessThreads.ids().subtracting(threadsBefore)
    switch attached {
    case .failure(let error):
      let logged = loggedErrors(since: 0)
      finish(.attach, .fail(error.reason + (logged.isEmpty ? "" : "; it logged \(logged)")))
      skipRemaining(after: .attach, "attach failed")
      return
    case .success(let attached):
      session = attached
    }
    await settle(host)
    finish(
      .attach,
      errorLines.isEmpty
        ? .ok : .fail("it logged an error while attaching: \(loggedErrors(since: 0))"))

    // 5. State changes.
    start(.stateChanges)
    finish(.stateChanges, await checkStateChanges(host, session))

    // Standard output, as an observer.
    start(.standardOutputUntouched)
    finish(.standardOutputUntouched, checkStandardOutput(since: standardOutputBefore))

    // 6 and 7. Detach.
    start(.terminalRestored, "while detaching")
    let wasAttached = session.isAttached
    let leftovers = host.detach(session)
    let terminalAfter = TerminalModes.read(0)
    if let savedTerminal { TerminalModes.restore(savedTerminal, on: 0) }
    if let terminalBefore, let terminalAfter {
      let changes = terminalBefore.differences(to: terminalAfter)
      finish(
        .terminalRestored,
        changes.isEmpty
          ? .ok
          : .fail(
            "after detach the terminal differs from before attach: "
              + changes.joined(separator: "; ") + "; restore the terminal modes in detach"))
    } else {
      finish(.terminalRestored, .skip("standard input is not a terminal"))
    }
    start(.subscriptionsEnded)
    if !wasAttached {
      finish(
        .subscriptionsEnded,
        .skip(
          "it was no longer attached when the check meant to detach it (it asked the host "
            + "to quit or to switch front ends)"))
    } else if leftovers > 0 {
      let count =
        leftovers == 1 ? "1 subscription was" : "\(leftovers) subscriptions were"
      finish(
        .subscriptionsEnded,
        .fail("\(count) still registered after detach returned; call unsubscribe in detach"))
    } else {
      finish(.subscriptionsEnded, .ok)
    }

    // 8. No thread left.
    start(.threadsStopped)
    finish(.threadsStopped, await checkThreadsStopped(startedThreads))

    // 9. Nothing after detach.
    start(.quietAfterDetach)
    finish(
      .quietAfterDetach,
      await checkQuietAfterDetach(host, session, output: loaded.writesTerminal ? output : nil))
  }

  private func checkStateChanges(_ host: FrontEndHost, _ session: AttachedFrontEnd) async
    -> ConformanceOutcome
  {
    // The first error logged is reported, but the steps go on: a crash later is worse.
    var firstError: ConformanceOutcome?
    for step in ConformanceScenario.steps {
      report(.step(step.name))
      let errorsBefore = errorLines.count
      for action in step.actions { host.store.send(action) }
      await settle(host)
      if firstError == nil, errorLines.count > errorsBefore {
        firstError = .fail(
          "it logged an error \(step.name): \(loggedErrors(since: errorsBefore))")
      }
      guard session.isAttached else {
        return .fail(
          "it was detached \(step.name) (it asked the host to quit or to switch front ends)")
      }
      guard step.isReached(host.store.state) else {
        return .fail(
          "the app should show \(step.expectation) after the step \"\(step.name)\", but it does "
            + "not; did the front end send actions of its own?")
      }
    }
    if session.nestedCallbacks > 0 {
      return .fail(
        "the host called it \(session.nestedCallbacks) times while one of its own calls ran "
          + "(inside another of its callbacks, or inside its send); callbacks must never nest")
    }
    return firstError ?? .ok
  }

  /// Whether the threads that appeared while the front end attached are gone once detach
  /// returned (given a moment to exit, as a thread that was told to stop may need). Only
  /// threads with a name of their own count: a thread of the host's runtime (a worker of the
  /// Swift concurrency pool, say) may start during attach too, and carries the process's name.
  private func checkThreadsStopped(_ started: Set<Int32>) async -> ConformanceOutcome {
    let start = ContinuousClock.now
    func stillRunning() -> Set<Int32> {
      started.intersection(ProcessThreads.ids()).filter {
        ProcessThreads.name($0) != ProcessThreads.processName
      }
    }
    var left = stillRunning()
    while !left.isEmpty, ContinuousClock.now - start < threadExitPeriod {
      try? await Task.sleep(for: .milliseconds(5))
      left = stillRunning()
    }
    guard left.isEmpty else {
      let names = left.sorted().map(ProcessThreads.name).joined(separator: ", ")
      let count = left.count == 1 ? "1 thread" : "\(left.count) threads"
      return .fail(
        "\(count) it started while attaching still ran after detach returned (\(names)); "
          + "stop and join them in detach")
    }
    return .ok
  }

  /// How long after detach a thread the front end told to stop may take to exit.
  private let threadExitPeriod: Duration = .seconds(1)

  /// Lets effects and the requests queued by callbacks run.
  func settle(_ host: FrontEndHost) async {
    await host.store.awaitEffects()
    await Task.yield()
  }

  /// `"LINE; LINE"` for the error lines logged since `index` (at most three), or `""`.
  private func loggedErrors(since index: Int) -> String {
    let lines = errorLines.dropFirst(index)
    let shown = lines.prefix(3).joined(separator: "; ")
    return shown + (lines.count > 3 ? "; and \(lines.count - 3) more" : "")
  }
}
