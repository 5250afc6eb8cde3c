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

/// Settling effects, and quitting: with the reason's exit status, after the front ends are
/// detached and what they wrote is out.
extension FrontEndHost {
  /// Waits until no effect is in flight, at most `settleTimeout`; returns whether it timed out.
  public func settleEffects() async -> Bool {
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

  func settle(for session: AttachedFrontEnd) {
    Task { @MainActor in
      let timedOut = await self.settleGame()
      if session.isAttached, let onSettled = session.descriptor.on_settled {
        session.deliveredCallbacks += 1
        self.bridge.callingFrontEnd("on_settled", session) {
          onSettled(session.instance, timedOut)
        }
      }
      self.inputGate(of: session).release()
    }
  }

  /// Quits: settles effects first when `reason` allows it (bounded by the settle timeout),
  /// detaches every front end, writes out what they wrote, and exits with the reason's status.
  ///
  /// A signal while a quit is under way ends the host at once with the signal's status.
  public func quit(_ reason: QuitReason = .requested(by: nil)) {
    if quitReason != nil {
      if case .signal = reason { Task { @MainActor in await self.finish(reason) } }
      return
    }
    quitReason = reason
    input.close()
    Task { @MainActor in
      var reason = reason
      if reason.settlesFirst, await self.settleGame() {
        reason = .effectsAbandoned(after: reason, work: self.workInFlight())
        let asker = reason.requester ?? self.terminalOwner
        if let asker, asker.isAttached, let onSettled = asker.descriptor.on_settled {
          asker.deliveredCallbacks += 1
          self.bridge.callingFrontEnd("on_settled", asker) { onSettled(asker.instance, true) }
        }
      }
      await self.finish(reason)
    }
  }

  func finish(_ reason: QuitReason) async {
    guard !hasFinished else { return }
    hasFinished = true
    if case .signal = reason, terminalOwner?.frontEnd.isFullScreen != true, isatty(0) == 1,
      isatty(1) == 1
    {
      // The terminal echoed ^C (or ^\) where the cursor was: end that line, so the shell's
      // prompt starts on a line of its own.
      _ = terminalOutput.write("\n")
    }
    detachAll()
    flushHeldLogLines()
    let unsaved = stopPersisting()
    await drainOutputs(within: reason.isUrgent ? .milliseconds(25) : settleTimeout)
    // After the front ends' last output (a full-screen one leaving the alternate screen), so
    // that it stays on the terminal.
    if let message = reason.message { diagnostics("tictactoe: \(message)") }
    var status = reason.exitStatus
    if let unsaved {
      diagnostics(
        "tictactoe: the session is not saved (\(unsaved)): the file holds an older state")
      if status == ExitStatus.success { status = ExitStatus.sessionNotSaved }
    }
    onExit(status)
  }

  /// What is still running, in words: "the login request".
  func workInFlight() -> String {
    let count = store.effectsInFlight
    let work = AppSchema.requestsInFlight(in: store.state)
    let effects =
      remote != nil ? "the host's effects" : count == 1 ? "1 effect" : "\(count) effects"
    return work.isEmpty ? effects : "\(effects): \(work.joined(separator: ", "))"
  }
}
