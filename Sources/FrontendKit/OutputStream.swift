#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Where a front end writes: standard output, or a file given as its argument.
///
/// Writes go straight to the file descriptor (no buffering), so every line is visible to a
/// reader as soon as it is written.
public final class OutputStream {
  private let descriptor: Int32
  private let ownsDescriptor: Bool

  /// Standard output.
  public static func standardOutput() -> OutputStream { OutputStream(descriptor: 1, owns: false) }

  /// A file opened for appending (created if needed).
  public static func file(_ path: String) throws(FrontEndError) -> OutputStream {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw FrontEndError("cannot open \(path) for writing: \(String(cString: strerror(errno)))")
    }
    return OutputStream(descriptor: descriptor, owns: true)
  }

  private init(descriptor: Int32, owns: Bool) {
    self.descriptor = descriptor
    self.ownsDescriptor = owns
  }

  deinit { if ownsDescriptor { close(descriptor) } }

  /// Writes all of `text`, retrying partial writes and interruptions.
  public func write(_ text: String) {
    var text = text
    text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
  }

  /// Writes all of `bytes`.
  public func write(_ bytes: UnsafeRawBufferPointer) {
    var offset = 0
    while offset < bytes.count {
      let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      if written < 0 {
        if errno == EINTR || errno == EAGAIN { continue }
        return
      }
      offset += written
    }
  }
}
