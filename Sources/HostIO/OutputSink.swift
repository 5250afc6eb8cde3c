#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// One output of the host (standard output, an observer's file or FIFO), buffered and written
/// without ever blocking the store thread.
///
/// ``write(_:)`` only appends to the sink's buffer. Every sink written to is flushed once the
/// store thread has finished what it is doing, before it waits for anything again (see
/// ``OutputFlusher``): an interactive user sees each answer at once, and a pipe gets large
/// writes. When the descriptor is full, the sink asks its ``EventLoop`` to call it back once
/// there is room, and keeps the rest meanwhile.
///
/// Output that shows state waits for that state to be durable: with an
/// ``OutputFlusher/durability`` hook set (the host's `--session`), a flush writes only the
/// bytes whose state is saved, and keeps the rest until the save that covers them is done (see
/// ``OutputFlusher``). The store thread never waits for the disk meanwhile.
///
/// The first failed write (a broken pipe, a full disk, a closed descriptor), or a backlog past
/// ``backlogLimit``, marks the sink failed: it drops everything from then on and tells
/// ``onFailure`` once. What to do about it is the owner's policy, not the sink's.
@MainActor
public final class OutputSink {
  /// What went wrong with a sink.
  public struct Failure: Error, Sendable, CustomStringConvertible {
    /// The `errno` of the failed write, or 0 for a reader that stopped reading.
    public let code: Int32
    /// What went wrong, in a few words: "Broken pipe".
    public let description: String

    /// The failure of a write that set `errno` to `code`.
    public init(code: Int32) {
      self.code = code
      self.description = String(cString: strerror(code))
    }

    /// A failure described in words.
    public init(description: String) {
      self.code = 0
      self.description = description
    }
  }

  /// Its name in messages: "standard output", or a path.
  public let name: String
  /// The descriptor written to.
  public let descriptor: Int32
  private let isSocket: Bool
  private let closesDescriptor: Bool
  // No exclusivity checks, here and below on what every write touches: every access is
  // instantaneous or an append that calls out to nothing, on the store thread (`benchmarks
  // host`, Host.Action.64Clients: a fifth of the host's instructions per client).
  @exclusivity(unchecked) private var pending: [UInt8] = []
  /// How much of `pending` is written already.
  @exclusivity(unchecked) private var written = 0
  /// How many bytes were ever appended, and how many of them may be written: the bytes past
  /// that wait for a save (counted from the sink's start, so that they outlive `pending`'s
  /// compaction).
  @exclusivity(unchecked) private var appendedTotal = 0
  @exclusivity(unchecked) private var releasedTotal = 0
  private let loop: any EventLoop
  @exclusivity(unchecked) private var writableInterest: EventLoopInterest?
  @exclusivity(unchecked) var isScheduled = false
  /// Whether the sink's ``flush()`` is asking ``OutputFlusher`` what it may write.
  @exclusivity(unchecked) var isAdmitting = false

  /// The failure that ended the sink, if any.
  @exclusivity(unchecked) public private(set) var failure: Failure?
  /// Called once, on the sink's failure.
  public var onFailure: ((OutputSink, Failure) -> Void)?
  /// Called whenever everything pending has been written.
  @exclusivity(unchecked) public var onDrain: ((OutputSink) -> Void)?
  /// The most bytes the reader may take and leaves unwritten (``readerBacklog``) before the
  /// sink counts as failed (its reader stopped reading), or `nil` for no bound.
  @exclusivity(unchecked) public var backlogLimit: Int?

  /// Bytes written to the sink and not yet to its descriptor, held ones included: what input
  /// waits on.
  public var backlog: Int { pending.count - written }

  /// Bytes the reader may take and has not taken yet: the ``backlog`` without the bytes held
  /// for a save, which say nothing about how fast the reader reads.
  public var readerBacklog: Int {
    guard waitsForDurability, OutputFlusher.durability != nil else { return backlog }
    return max(0, min(pending.count, releasedTotal - (appendedTotal - pending.count)) - written)
  }

  /// Whether this sink's bytes wait for the state they show to be durable (see
  /// ``OutputFlusher/durability``). `false` unless its owner says so: the host sets it for
  /// the outputs that show states (standard output, observers' files, clients' sockets), not
  /// for the record log, which is itself written before the session is saved. So a sink that
  /// shows no state never waits on a save it has nothing to do with.
  @exclusivity(unchecked) public var waitsForDurability = false

  /// A sink writing to `descriptor`, waiting for room on `loop`; it closes the descriptor in
  /// ``close()`` if `closesDescriptor`.
  public init(
    name: String, descriptor: Int32, isSocket: Bool = false, closesDescriptor: Bool,
    loop: any EventLoop
  ) {
    self.loop = loop
    self.name = name
    self.descriptor = descriptor
    self.isSocket = isSocket
    self.closesDescriptor = closesDescriptor
  }

  /// A sink on a standard stream (not closed by ``close()``); a stream that was closed when
  /// the process started fails at the first write.
  public convenience init(_ stream: StandardStreams.Stream, loop: any EventLoop) {
    self.init(
      name: stream.name, descriptor: stream.descriptor, isSocket: stream.isSocket,
      closesDescriptor: false, loop: loop)
    if stream.wasClosed { failure = Failure(code: EBADF) }
  }

  /// Appends `bytes`, to be written before the store thread waits again; returns `false` if the
  /// sink has failed (the bytes are dropped).
  @discardableResult
  public func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard failure == nil else {
      // A sink failed before anything was written to it reports that now.
      reportPendingFailure()
      return false
    }
    let before = backlog
    pending.append(contentsOf: bytes)
    appendedTotal += bytes.count
    if let backlogLimit, readerBacklog > backlogLimit {
      fail(Failure(description: "its reader stopped reading (\(readerBacklog) bytes unwritten)"))
      return false
    }
    if before / Self.eagerFlushSize != backlog / Self.eagerFlushSize {
      flushIfWritable()
      return failure == nil
    }
    OutputFlusher.schedule(self)
    return true
  }

  /// Each time this many more bytes wait, the sink tries to write them at once rather than
  /// at the end of the store thread's turn: a front end that turns one long chunk of input
  /// (a regular file never makes the host wait) into output learns within this many bytes
  /// that its reader is gone, not after the whole chunk.
  static let eagerFlushSize = 64 << 10

  /// Flushes now if the descriptor takes bytes or has an error (asked without waiting), even
  /// while the event loop is still asked about it.
  private func flushIfWritable() {
    OutputFlusher.schedule(self)
    if writableInterest != nil {
      var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
      guard poll(&ready, 1, 0) > 0, let interest = writableInterest else { return }
      loop.cancel(interest)
      writableInterest = nil
    }
    flush()
  }

  /// Appends `text` as UTF-8; see ``write(_:)-(UnsafeRawBufferPointer)``.
  @discardableResult
  public func write(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
  }

  /// Writes what is pending as far as the descriptor takes it now; the rest waits for the
  /// event loop to report room.
  public func flush() {
    guard failure == nil, writableInterest == nil else { return }
    if waitsForDurability {
      // Admitting may settle saves, and settling flushes the sinks they held: not this one,
      // whose flush goes on below with what was released.
      isAdmitting = true
      OutputFlusher.admit(self)
      isAdmitting = false
    } else {
      releasedTotal = appendedTotal
    }
    // `pending` starts at byte `appendedTotal - pending.count` of the sink's output.
    let end = min(pending.count, releasedTotal - (appendedTotal - pending.count))
    while written < end {
      let count = Self.write(pending, from: written, to: end, descriptor, isSocket: isSocket)
      if count > 0 {
        written += count
      } else if count < 0 && errno == EINTR {
        continue
      } else if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
        writableInterest = loop.whenReady(descriptor, .writable) { [weak self] in
          guard let self else { return }
          writableInterest = nil
          flush()
        }
        return
      } else {
        fail(Failure(code: count < 0 ? errno : EIO))
        return
      }
    }
    guard written == pending.count else {
      // The rest waits for a save. What is out is dropped once it is half of the buffer, so
      // that moving the rest down costs at most as much as writing it did.
      if written >= pending.count / 2 {
        pending.removeFirst(written)
        written = 0
      }
      return
    }
    // A sink that holds output for saves keeps more: what it holds between two saves (up to
    // the input pause's 1 MiB and a turn's output) would otherwise be allocated again after
    // each save, every page of it faulted in and cleared by the kernel (`--session`'s cost).
    let holdsForSaves = waitsForDurability && OutputFlusher.durability != nil
    pending.removeAll(keepingCapacity: pending.capacity <= (holdsForSaves ? 4 << 20 : 1 << 20))
    written = 0
    onDrain?(self)
  }

  /// Writes `bytes[start..<end]` to `descriptor` once; returns what `write` or `send` returns.
  /// Nonisolated, so that the closure reading the bytes is too: a closure isolated to the main
  /// actor checks the executor each time it runs (a fifth of a flush's own instructions).
  private nonisolated static func write(
    _ bytes: [UInt8], from start: Int, to end: Int, _ descriptor: Int32, isSocket: Bool
  ) -> Int {
    bytes.withUnsafeBytes { bytes in
      let first = bytes.baseAddress! + start
      return isSocket
        ? send(descriptor, first, end - start, Int32(MSG_DONTWAIT | MSG_NOSIGNAL))
        : Glibc.write(descriptor, first, end - start)
    }
  }

  /// Everything appended so far, for ``OutputFlusher``'s holds.
  var appendedSoFar: Int { appendedTotal }

  /// Lets the bytes up to `total` (counted from the sink's start) be written.
  func release(upTo total: Int) {
    releasedTotal = max(releasedTotal, min(total, appendedTotal))
  }

  /// Writes what is pending, waiting for room at most `milliseconds` in all: the last flush
  /// before the process exits, bounded so that a reader that stopped cannot keep it alive.
  public func drain(within milliseconds: Int32) {
    if waitsForDurability, let durability = OutputFlusher.durability { _ = durability(true) }
    if let writableInterest {
      loop.cancel(writableInterest)
      self.writableInterest = nil
    }
    var remaining = milliseconds
    while failure == nil, backlog > 0 {
      flush()
      if let writableInterest {
        loop.cancel(writableInterest)
        self.writableInterest = nil
      }
      guard backlog > 0, failure == nil, remaining > 0 else { return }
      var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
      let step = min(remaining, 10)
      _ = poll(&ready, 1, step)
      remaining -= step
    }
  }

  /// Stops waiting for room and closes the descriptor if the sink owns it; pending bytes are
  /// dropped (``drain(within:)`` first to keep them).
  public func close() {
    guard !isClosed else { return }
    isClosed = true
    if let writableInterest { loop.cancel(writableInterest) }
    writableInterest = nil
    pending = []
    written = 0
    releasedTotal = appendedTotal
    if failure == nil { failure = Failure(description: "closed") }
    onFailure = nil
    if closesDescriptor { _ = Glibc.close(descriptor) }
  }

  private var hasReportedFailure = false
  /// Whether ``close()`` ran: a second call must not close a descriptor number reused since.
  private var isClosed = false

  private func fail(_ failure: Failure) {
    self.failure = failure
    pending = []
    written = 0
    releasedTotal = appendedTotal
    reportPendingFailure()
  }

  private func reportPendingFailure() {
    guard let failure, !hasReportedFailure, let onFailure else { return }
    hasReportedFailure = true
    onFailure(self, failure)
  }
}
