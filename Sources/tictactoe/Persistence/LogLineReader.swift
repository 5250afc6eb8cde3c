#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Reads a log's lines from a file descriptor, one at a time, in the memory of one line and a
/// 64 KiB buffer. Blank lines (spaces and a `\r` only) are skipped; their numbers still count.
/// With a `copy`, every byte read is also written there (standard input that cannot be read
/// twice is kept in a temporary file for the second pass).
struct LogLineReader {
  /// Why a read failed.
  struct ReadError: Error {
    /// `strerror` of the failed read or write.
    let reason: String
  }

  private let descriptor: Int32
  private let copy: Int32?
  private var buffer = [UInt8](repeating: 0, count: 64 * 1024)
  private var start = 0
  private var end = 0
  private var isAtEnd = false
  /// The number of the last line returned.
  private(set) var lineNumber = 0

  /// A reader of `descriptor` from where it is now.
  init(descriptor: Int32, copyingTo copy: Int32? = nil) {
    self.descriptor = descriptor
    self.copy = copy
  }

  /// The next line that is not blank, with its number; `nil` at the end.
  mutating func next() throws(ReadError) -> (number: Int, bytes: [UInt8])? {
    while true {
      guard var line = try nextLine() else { return nil }
      lineNumber += 1
      if line.last == UInt8(ascii: "\r") { line.removeLast() }
      if line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") }) { continue }
      return (lineNumber, line)
    }
  }

  /// The bytes up to the next `\n` (or the end of the input), without it.
  private mutating func nextLine() throws(ReadError) -> [UInt8]? {
    var line: [UInt8] = []
    while true {
      if let newline = buffer[start..<end].firstIndex(of: UInt8(ascii: "\n")) {
        line.append(contentsOf: buffer[start..<newline])
        start = newline + 1
        return line
      }
      line.append(contentsOf: buffer[start..<end])
      start = end
      if isAtEnd { return line.isEmpty ? nil : line }
      try fill()
    }
  }

  private mutating func fill() throws(ReadError) {
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count >= 0 else { throw ReadError(reason: String(cString: strerror(errno))) }
      (start, end) = (0, count)
      isAtEnd = count == 0
      if let copy, count > 0 {
        var written = 0
        while written < count {
          let result = buffer[written..<count].withUnsafeBytes {
            write(copy, $0.baseAddress, $0.count)
          }
          if result < 0, errno == EINTR { continue }
          guard result > 0 else { throw ReadError(reason: String(cString: strerror(errno))) }
          written += result
        }
      }
      return
    }
  }
}
