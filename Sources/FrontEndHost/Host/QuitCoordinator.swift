import HostIO
import TicTacToeAppCore
import TicTacToeAppSchema
import TicTacToeFrontEndABI
import UnidirectionalFlow

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Settling effects, and quitting: why the host quits, the settle before it, the front ends
/// detached and what they wrote written out, then the exit with the reason's status.
///
/// Owns the quit reason, so that the host quits once (a second signal ends it at once), and
/// the exit. The rest of the host is passed in: the terminal and the outputs to write out,
/// the recording to stop, and `detachAll` to detach the front ends.
@MainActor
final class QuitCoordinator {
  /// Called once when the host wants the process to exit, with the exit status.
  var onExit: (Int32) -> Void = { exit($0) }
  /// Detaches every front end, the terminal owner last: before the exit.
  var detachAll: () -> Void = {}
  /// The game a client (`tictactoe attach`) mirrors, whose host settles the effects; `nil`
  /// when the host runs its own.
  var remote: RemoteGame?
  /// Why the host is quitting, once it is.
  private(set) var reason: QuitReason?
  /// Whether the front ends were detached for the exit: a second signal finds nothing to do.
  private var hasFinished = false
  private let store: Store<TicTacToe.State, TicTacToe.Action>
  private let settleTimeout: Duration
  private let loop: any EventLoop
  private let registry: AttachmentRegistry
  private let bridge: StoreBridge
  private let input: InputGate
  private let terminal: HostTerminal
  private let outputs: HostOutputs
  private let recording: SessionRecording

  /// Quits the host of `store` and `registry`, waiting at most `settleTimeout` on `loop`;
  /// `input` is the host's own, closed when the quit starts.
  init(
    store: Store<TicTacToe.State, TicTacToe.Action>, settleTimeout: Duration,
    loop: any EventLoop, registry: AttachmentRegistry, bridge: StoreBridge, input: InputGate,
    terminal: HostTerminal, outputs: HostOutputs, recording: SessionRecording
  ) {
    self.store = store
    self.settleTimeout = settleTimeout
    self.loop = loop
    self.registry = registry
    self.bridge = bridge
    self.input = input
    self.terminal = terminal
    self.outputs = outputs
    self.recording = recording
  }

  /// Waits until no effect is in flight, at most `settleTimeout`; returns whether it timed out.
  func settleEffects() async -> Bool {
    let (timeout, loop) = (settleTimeout, loop)
    let deadline = Task {
      await loop.sleep(for: timeout)
    }
    let effects = Task { @MainActor [store] in
      await store.awaitEffects()
      deadline.cancel()
    }
    await deadline.value
    let timedOut = store.effectsInFlight > 0
    if !timedOut { effects.cancel() }
    return timedOut
  }

  /// Settles the effects of the game: this store's, or, in a client (`tictactoe attach`), its
  /// host's, waited for at most `settleTimeout` too; returns whether it timed out.
  func settleGame() async -> Bool {
    if let remote { await remote.settle(within: settleTimeout) } else { await settleEffects() }
  }

  /// Quits: settles effects first when `reason` allows it (bounded by the settle timeout),
  /// detaches every front end, writes out what they wrote, and exits with the reason's status.
  ///
  /// A signal while a quit is under way ends the host at once with the signal's status.
  func quit(_ reason: QuitReason) {
    if self.reason != nil {
      if case .signal = reason { Task { @MainActor in await self.finish(reason) } }
      return
    }
    self.reason = reason
    input.close()
    Task { @MainActor in
      var reason = reason
      if reason.settlesFirst, await self.settleGame() {
        reason = .effectsAbandoned(after: reason, work: self.workInFlight())
        let asker = reason.requester ?? self.registry.terminalOwner
        if let asker, asker.isAttached, let onSettled = asker.descriptor.on_settled {
          asker.deliveredCallbacks += 1
          self.bridge.callingFrontEnd("on_settled", asker) { onSettled(asker.instance, true) }
        }
      }
      await self.finish(reason)
    }
  }

  private func finish(_ reason: QuitReason) async {
    guard !hasFinished else { return }
    hasFinished = true
    if case .signal = reason, registry.terminalOwner?.frontEnd.isFullScreen != true,
      isatty(0) == 1, isatty(1) == 1
    {
      // The terminal echoed ^C (or ^\) where the cursor was: end that line, so the shell's
      // prompt starts on a line of its own.
      _ = terminal.output.write("\n")
    }
    detachAll()
    terminal.flushHeldLogLines()
    let unsaved = recording.stop(handingLogTo: outputs)
    await outputs.drain(within: reason.isUrgent ? .milliseconds(25) : settleTimeout)
    // After the front ends' last output (a full-screen one leaving the alternate screen), so
    // that it stays on the terminal.
    if let message = reason.message { terminal.diagnostics("tictactoe: \(message)") }
    var status = reason.exitStatus
    if let unsaved {
      terminal.diagnostics(
        "tictactoe: the session is not saved (\(unsaved)): the file holds an older state")
      if status == ExitStatus.success { status = ExitStatus.sessionNotSaved }
    }
    onExit(status)
  }

  /// What is still running, in words: "the login request".
  private func workInFlight() -> String {
    let count = store.effectsInFlight
    let work = AppSchema.requestsInFlight(in: store.state)
    let effects =
      remote != nil ? "the host's effects" : count == 1 ? "1 effect" : "\(count) effects"
    return work.isEmpty ? effects : "\(effects): \(work.joined(separator: ", "))"
  }
}
