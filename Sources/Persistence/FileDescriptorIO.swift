#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Whole reads and writes on a file descriptor, retried when a signal interrupts them: what
/// ``SessionFile`` reads its file and its lock with, and writes its records with.
enum FileDescriptorIO {
  /// Writes all of `bytes` at the descriptor's offset; `false` with `errno` set if it cannot.
  static func write(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes {
        Glibc.write(descriptor, $0.baseAddress! + written, $0.count - written)
      }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else {
        if count == 0 { errno = EIO }
        return false
      }
      written += count
    }
    return true
  }

  /// All of the file open at `descriptor`, read from its start; `nil` with `errno` set if it
  /// cannot be read.
  static func readAll(_ descriptor: Int32) -> [UInt8]? {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    var offset: off_t = 0
    while true {
      let count = chunk.withUnsafeMutableBytes {
        pread(descriptor, $0.baseAddress, $0.count, offset)
      }
      if count < 0, errno == EINTR { continue }
      guard count >= 0 else { return nil }
      if count == 0 { return bytes }
      bytes += chunk[..<count]
      offset += off_t(count)
    }
  }
}
