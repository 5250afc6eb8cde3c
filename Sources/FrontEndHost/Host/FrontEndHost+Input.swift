import HostIO
import TicTacToeFrontEndABI

/// The input, handed to the terminal owner through the ``InputGate``, and the terminal's size
/// and suspension.
extension FrontEndHost {
  /// Reads the host's input from `source` from now on, handing it to the terminal owner. A
  /// failed read ends the input, and the host then exits with ``ExitStatus/inputFailed``.
  public func readInput(from source: InputSource) {
    // Weak: the source is the caller's, and may read on after the host is gone.
    source.onRead = { [weak self] result in
      guard let self else { return }
      switch result {
      case .bytes(let bytes): input.receive(bytes)
      case .end: input.receiveEnd()
      case .failure(let message):
        input.receiveEnd(failure: message)
      }
    }
    input.read(from: source)
  }

  /// Hands input bytes to the terminal owner, as if read (for hosts fed by hand, and tests).
  public func deliverInput(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { input.receive($0) }
  }

  /// The input ended: the owner consumes what is left (it may settle several times), then the
  /// host settles effects and quits.
  public func endOfInput() {
    input.receiveEnd()
  }

  /// Gives the owner `bytes` with `TTT_INPUT_*` `flags`; returns how many it consumed.
  func handToOwner(_ bytes: UnsafeRawBufferPointer, flags: UInt32) -> Int {
    hand(bytes, flags: flags, to: terminalOwner, from: input)
  }

  /// Gives `owner` (the terminal owner, or a client's front end) `bytes` from `gate`;
  /// returns how many it consumed.
  func hand(
    _ bytes: UnsafeRawBufferPointer, flags: UInt32, to owner: AttachedFrontEnd?,
    from gate: InputGate
  ) -> Int {
    guard let owner else { return bytes.count }
    let start = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self)
    if let consumeInput = owner.frontEnd.consumeInput {
      return bridge.callingFrontEnd("consume_input", owner) {
        consumeInput(owner.instance, start, bytes.count, flags)
      }
    }
    // ABI 1.0 and 1.1: every byte handed counts as consumed; the end is a call with none.
    guard let onInput = owner.descriptor.on_input else { return bytes.count }
    if bytes.count > 0 {
      bridge.callingFrontEnd("on_input", owner) { onInput(owner.instance, start, bytes.count) }
    }
    if flags & UInt32(TTT_INPUT_END) != 0, gate.phase == .flowing, !owner.hasSeenEndOfInput {
      owner.hasSeenEndOfInput = true
      bridge.callingFrontEnd("on_input", owner) { onInput(owner.instance, nil, 0) }
    }
    return bytes.count
  }

  /// Tells the terminal owner about a new terminal size, then hands it again the input it
  /// left: a front end that cannot act on keys at a size (`ansi` in a terminal too small to
  /// show the board) leaves them until the terminal grows.
  public func resize(columns: Int, rows: Int) {
    guard let owner = terminalOwner, let onResize = owner.descriptor.on_resize else { return }
    bridge.callingFrontEnd("on_resize", owner) {
      onResize(owner.instance, UInt32(clamping: columns), UInt32(clamping: rows))
    }
    input.handOver()
  }

  /// Tells the terminal owner the process is being suspended or was resumed; before a
  /// suspension, writes out what it wrote to restore the terminal.
  public func suspend(resumed: Bool) {
    guard let owner = terminalOwner, let onSuspend = owner.descriptor.on_suspend else { return }
    bridge.callingFrontEnd("on_suspend", owner) { onSuspend(owner.instance, resumed) }
    if !resumed { terminalOutput.drain(within: 100) }
  }
}
