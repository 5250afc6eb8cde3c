#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Writes to the terminal (standard output by default), unbuffered, and counts the bytes, so
/// the cost of a screen update can be measured.
///
/// ```swift
/// let terminal = TerminalOutput()
/// terminal.write(renderer.render(frame))
/// print(terminal.bytesWritten)
/// ```
public final class TerminalOutput {
  /// The file descriptor written to.
  public let descriptor: Int32
  /// Bytes written so far.
  public private(set) var bytesWritten = 0

  /// Writes to `descriptor`.
  public init(descriptor: Int32 = 1) {
    self.descriptor = descriptor
  }

  /// Writes `text` as UTF-8.
  public func write(_ text: String) {
    write(Array(text.utf8))
  }

  /// Writes all of `bytes`, retrying after interruptions and waiting while a non-blocking
  /// terminal is full (the host may have made the terminal non-blocking to read it).
  public func write(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written >= 0 {
          offset += written
          bytesWritten += written
        } else if errno == EAGAIN || errno == EWOULDBLOCK {
          var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
          _ = poll(&ready, 1, 100)
        } else if errno != EINTR {
          return
        }
      }
    }
  }
}
