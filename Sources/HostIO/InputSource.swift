#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The host's input (standard input), read without blocking the store thread, one read at a
/// time: the host asks for the next read only when it wants more bytes, so a fast producer
/// can never make it buffer without bound.
///
/// ```swift
/// let input = InputSource(streams.input, loop: loop)
/// input.onRead = { result in ... }  // .bytes, .end or .failure
/// input.requestRead()
/// ```
@MainActor
public final class InputSource {
  /// What one read gave.
  public enum Result {
    /// Bytes, valid during the call.
    case bytes(UnsafeRawBufferPointer)
    /// The end of the input.
    case end
    /// A read failed (`EIO`, `EISDIR`, a stream closed at start): the input is over.
    case failure(String)
  }

  /// Its name in messages: "standard input".
  public let name: String
  private let descriptor: Int32
  private let isSocket: Bool
  private let wasClosed: Bool
  private static let bufferSize = 64 * 1024
  private var buffer = [UInt8](repeating: 0, count: bufferSize)
  private let loop: any EventLoop
  private var interest: EventLoopInterest?
  /// Counts cancels, so that a callback scheduled before one is ignored.
  private var requests = 0
  private var isOver = false

  /// Called with the result of each read the host asked for.
  public var onRead: (Result) -> Void = { _ in }

  /// Reads `stream`, waiting for it on `loop`.
  public init(_ stream: StandardStreams.Stream, loop: any EventLoop) {
    self.loop = loop
    name = stream.name
    descriptor = stream.descriptor
    isSocket = stream.isSocket
    wasClosed = stream.wasClosed
  }

  /// Reads the connected socket `descriptor` (a connection to ``UnixSocketListener``), named
  /// `name` in messages, waiting for it on `loop`.
  public init(socket descriptor: Int32, name: String, loop: any EventLoop) {
    self.loop = loop
    self.name = name
    self.descriptor = descriptor
    isSocket = true
    wasClosed = false
  }

  /// Reads once the input is readable, then calls ``onRead``; does nothing if a read is
  /// already pending or the input is over.
  public func requestRead() {
    guard interest == nil, !isOver else { return }
    let request = requests
    interest = loop.whenReady(descriptor, .readable) { [weak self] in
      // A callback the loop had scheduled before a cancel must not read: the descriptor may
      // be closed, or already another's.
      guard let self, request == requests else { return }
      interest = nil
      readNow()
    }
  }

  /// Stops a pending read, and frees the read buffer until the next read.
  public func cancel() {
    if let interest { loop.cancel(interest) }
    interest = nil
    requests += 1
    buffer = []
  }

  private func readNow() {
    guard !wasClosed else {
      isOver = true
      return onRead(.failure("\(name) was closed when tictactoe started"))
    }
    if buffer.isEmpty { buffer = [UInt8](repeating: 0, count: Self.bufferSize) }
    while true {
      let count = buffer.withUnsafeMutableBytes { bytes in
        isSocket
          ? recv(descriptor, bytes.baseAddress, bytes.count, Int32(MSG_DONTWAIT))
          : read(descriptor, bytes.baseAddress, bytes.count)
      }
      if count > 0 {
        return buffer.withUnsafeBytes {
          onRead(.bytes(UnsafeRawBufferPointer(rebasing: $0[..<count])))
        }
      }
      if count == 0 {
        isOver = true
        return onRead(.end)
      }
      switch errno {
      case EINTR: continue
      case EAGAIN, EWOULDBLOCK: return requestRead()
      default:
        isOver = true
        return onRead(.failure("cannot read \(name): \(String(cString: strerror(errno)))"))
      }
    }
  }
}
