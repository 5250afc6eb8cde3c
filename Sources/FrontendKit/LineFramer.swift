#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Cuts the input byte stream into lines: `\n` ends a line, a `\r` before it is dropped, and a
/// line longer than ``maximumLength`` is reported once and its bytes discarded as they arrive,
/// never buffered whole.
///
/// ```swift
/// var framer = LineFramer()
/// var lines: [LineFramer.Line] = []
/// framer.append(chunk, into: &lines)  // complete lines only; a partial line waits
/// framer.finish(into: &lines)         // at end of input, the last unterminated line
/// ```
struct LineFramer {
  /// One input line, numbered from 1.
  enum Line {
    /// A line's bytes, without its terminator.
    case text([UInt8], number: Int)
    /// A line that exceeded the limit; its bytes were dropped.
    case tooLong(number: Int)
  }

  /// The longest line accepted, in bytes, without its terminator: 1 MiB.
  static let maximumLength = 1 << 20

  /// The largest partial-line buffer kept between lines.
  private static let keptCapacity = 64 * 1024

  private var partial: [UInt8] = []
  private var isDiscarding = false
  private var lineCount = 0

  /// Appends the lines `chunk` completes to `lines`, and keeps what follows the last `\n`.
  mutating func append(_ chunk: UnsafeBufferPointer<UInt8>, into lines: inout [Line]) {
    var start = 0
    while start < chunk.count {
      let newline = Self.firstNewline(in: chunk, from: start)
      let end = newline ?? chunk.count
      if !isDiscarding {
        // One byte more than the limit may be a `\r` belonging to the terminator.
        if partial.count + (end - start) > Self.maximumLength + 1 {
          lineCount += 1
          lines.append(.tooLong(number: lineCount))
          partial = []
          isDiscarding = true
        } else if newline != nil && partial.isEmpty {
          lineCount += 1
          lines.append(Self.line(Array(chunk[start..<end]), number: lineCount))
        } else {
          partial.append(contentsOf: chunk[start..<end])
          if newline != nil {
            lineCount += 1
            lines.append(Self.line(partial, number: lineCount))
            // Keep a small buffer for the next partial line, not a megabyte one.
            partial.removeAll(keepingCapacity: partial.capacity <= Self.keptCapacity)
          }
        }
      }
      guard let newline else { return }
      isDiscarding = false
      start = newline + 1
    }
  }

  /// At end of input: appends the last line if it had no terminator.
  mutating func finish(into lines: inout [Line]) {
    if !isDiscarding && !partial.isEmpty {
      lineCount += 1
      lines.append(Self.line(partial, number: lineCount))
    }
    partial = []
    isDiscarding = false
  }

  /// The index of the first `\n` at or after `start`: `memchr`, as lines can be megabytes.
  private static func firstNewline(in chunk: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    guard let base = chunk.baseAddress,
      let found = memchr(base + start, Int32(UInt8(ascii: "\n")), chunk.count - start)
    else { return nil }
    return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
  }

  private static func line(_ bytes: [UInt8], number: Int) -> Line {
    var bytes = bytes
    if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
    return bytes.count > maximumLength ? .tooLong(number: number) : .text(bytes, number: number)
  }
}
