import HostIO
import TicTacToeFrontEndABI

/// The host's input, and when the terminal owner gets it.
///
/// Input belongs to the host, not to a front end: bytes read from standard input wait here
/// until the terminal owner consumes them (`consume_input` says how many it took). What it
/// leaves stays here and is handed again, first, with what arrives later; after a switch it
/// goes to the next owner. So a piped script that switches front ends mid-stream loses
/// nothing.
///
/// Input is held back while a settle or a switch runs (``hold()`` and ``release()``), closed
/// when the host quits, and read only while less than ``unconsumedLimit`` waits and the
/// terminal's output is not backed up: a fast producer cannot make the host buffer without
/// bound, and a stalled reader of standard output slows the input down instead of filling
/// memory.
@MainActor
final class InputGate {
  /// Whether input flows to the terminal owner.
  enum Phase: Equatable {
    /// Bytes go to the owner as they come.
    case flowing
    /// Held back while `count` settles or switches run; flows again when all are done.
    case held(count: Int)
    /// The host is quitting: no more input is read or handed.
    case closed
  }

  /// How far the input has come at its source.
  private enum Source: Equatable {
    /// More may come.
    case open
    /// It ended (a read failed, if `failure` says why); the owner has not been told yet.
    case ended(failure: String?)
    /// The owner has been told, and the host was asked to quit.
    case finished
  }

  /// The most bytes left unconsumed before the host stops reading.
  static let unconsumedLimit = 4 << 20
  /// How long after the last arrival the owner is told the input is idle.
  static let idleDelay = Duration.milliseconds(25)

  private(set) var phase = Phase.flowing
  private var source = Source.open
  private var pending: [UInt8] = []
  private var start = 0
  /// Counts arrivals, so that an idle check fires only if nothing arrived since it was set.
  private var arrivals = 0
  private var idleDeliveredAt = -1
  private var isIdleCheckScheduled = false
  private var isHanding = false

  /// Where more input comes from; `nil` while input is handed in by hand (tests).
  var reader: InputSource?
  /// What times the idle check.
  private let loop: any EventLoop
  /// Hands bytes and `TTT_INPUT_*` flags to the terminal owner; returns how many it consumed.
  var consume: (UnsafeRawBufferPointer, UInt32) -> Int = { bytes, _ in bytes.count }
  /// Whether the terminal's output is backed up, so that reading should wait.
  var isOutputBacklogged: () -> Bool = { false }
  /// Called once the input ended and the owner was told, with why a read failed, if one did.
  var onEnd: (_ failure: String?) -> Void = { _ in }
  /// Called with a line for the diagnostics when bytes are dropped.
  var onDrop: (String) -> Void = { _ in }

  /// A gate whose idle check is timed by `loop`.
  init(loop: any EventLoop) { self.loop = loop }

  /// Whether the input ended and the owner has not been told yet.
  private var isEnding: Bool {
    if case .ended = source { true } else { false }
  }

  /// Bytes waiting for the owner.
  var unconsumed: Int { pending.count - start }

  /// Whether a hand-over has something for the owner: bytes wait, or the end of the input is
  /// still to be told.
  var hasInputToHand: Bool { unconsumed > 0 || isEnding }

  /// Holds input back (a settle or a switch starts).
  func hold() {
    switch phase {
    case .flowing: phase = .held(count: 1)
    case .held(let count): phase = .held(count: count + 1)
    case .closed: break
    }
  }

  /// Ends one hold; input flows again once none is left.
  func release() {
    guard case .held(let count) = phase else { return }
    phase = count > 1 ? .held(count: count - 1) : .flowing
    handOver()
  }

  /// Stops all input for good (the host is quitting, or a client left); what waits is dropped.
  func close() {
    phase = .closed
    reader?.cancel()
    // During a hand-over (a quit from the owner's callback) the bytes are still in use; the
    // hand-over drops them when it ends.
    if !isHanding { dropPending() }
  }

  private func dropPending() {
    pending = []
    start = 0
  }

  /// Starts reading `reader` when the owner wants bytes.
  func read(from reader: InputSource) {
    self.reader = reader
    handOver()
  }

  /// Bytes arrived.
  func receive(_ bytes: UnsafeRawBufferPointer) {
    if start > 0, start == pending.count {
      pending.removeAll(keepingCapacity: true)
      start = 0
    }
    pending.append(contentsOf: bytes)
    arrivals += 1
    handOver()
  }

  /// The input ended, or a read failed (`failure` says how).
  func receiveEnd(failure: String? = nil) {
    if source == .open { source = .ended(failure: failure) }
    handOver()
  }

  /// Hands the owner what waits, as long as input flows and the owner consumes something;
  /// then reads more if there is room.
  func handOver(flags extra: UInt32 = 0) {
    guard !isHanding else { return }
    isHanding = true
    defer {
      isHanding = false
      if phase == .closed { dropPending() }
    }
    while phase == .flowing, unconsumed > 0 || isEnding {
      let ending = isEnding
      let flags = (ending ? UInt32(TTT_INPUT_END) : 0) | extra
      let count = unconsumed
      let consumed = UncheckedClosures.withBytes(of: pending) { bytes in
        consume(UnsafeRawBufferPointer(rebasing: bytes[start...]), flags)
      }
      start += min(max(consumed, 0), count)
      // A request made from the callback (settle, switch, quit) stops the hand-over here.
      guard phase == .flowing else { break }
      // At the end too, the owner may take the rest a piece at a time (the JSON-lines front
      // end stops after each action, whose events come first): hand it again while it takes.
      if isEnding, consumed > 0, unconsumed > 0 { continue }
      if case .ended(let failure) = source {
        if unconsumed > 0 { onDrop("\(unconsumed) bytes at the end of the input were not used") }
        pending = []
        start = 0
        source = .finished
        onEnd(failure)
        return
      }
      if consumed <= 0 || unconsumed == 0 { break }
    }
    if phase == .flowing, unconsumed >= Self.unconsumedLimit {
      onDrop("the terminal owner left \(unconsumed) bytes of input unconsumed; they were dropped")
      pending = []
      start = 0
    }
    readMoreIfWanted()
    scheduleIdleCheck()
  }

  private func readMoreIfWanted() {
    guard source == .open, phase != .closed, unconsumed < Self.unconsumedLimit,
      !isOutputBacklogged()
    else { return }
    reader?.requestRead()
  }

  /// Tells the owner, once, when bytes it left have waited `idleDelay` with nothing new.
  private func scheduleIdleCheck() {
    guard phase == .flowing, source == .open, unconsumed > 0, idleDeliveredAt != arrivals,
      !isIdleCheckScheduled
    else { return }
    isIdleCheckScheduled = true
    let mark = arrivals
    // The event loop's clock, not a dispatch timer (which needs a descriptor). Weak: a timer
    // must not keep a gate past its host or its connection, whose callbacks it would call.
    loop.after(Self.idleDelay) { [weak self] in
      guard let self else { return }
      isIdleCheckScheduled = false
      guard arrivals == mark else { return scheduleIdleCheck() }
      idleDeliveredAt = mark
      handOver(flags: UInt32(TTT_INPUT_IDLE))
    }
  }
}
