#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Cuts the input the host hands a line-oriented front end into lines, consuming whole lines
/// only: `\n` ends a line, a `\r` before it is dropped, and a partial line is left to the host,
/// which hands it again with what follows (ABI 1.2 `consume_input`). A line longer than
/// ``maximumLength`` is reported once and its bytes consumed as they arrive, never kept.
///
/// ```swift
/// var framer = LineFramer(maximumLength: 4096)
/// var consumed = 0
/// while let (line, end) = framer.next(in: bytes, from: consumed, isEnd: flags.contains(.end)) {
///   consumed = end
///   if case .text(let text, _) = line { handle(text) }
/// }
/// return consumed
/// ```
public struct LineFramer: Sendable {
  /// One input line, numbered from 1.
  public enum Line: Equatable, Sendable {
    /// A line's bytes, without its terminator.
    case text([UInt8], number: Int)
    /// A line that exceeded the limit; its bytes were consumed and dropped.
    case tooLong(number: Int)
    /// The rest of a line too long, dropped (no line of its own).
    case skipped
  }

  /// One input line as ``next(in:from:isEnd:)`` finds it, its text a range of the bytes
  /// handed in: ``nextSpan(in:from:isEnd:)`` copies nothing.
  public enum Span: Equatable, Sendable {
    /// The range of a line's bytes, without its terminator.
    case text(Range<Int>, number: Int)
    /// A line that exceeded the limit; its bytes were consumed and dropped.
    case tooLong(number: Int)
    /// The rest of a line too long, dropped (no line of its own).
    case skipped
  }

  /// The longest line accepted, in bytes, without its terminator.
  public let maximumLength: Int
  private var isDiscarding = false
  /// How many lines were cut so far.
  public private(set) var lineCount = 0

  /// A framer for lines of at most `maximumLength` bytes.
  public init(maximumLength: Int) {
    self.maximumLength = maximumLength
  }

  /// The next line of `bytes` from `start`, and where the bytes after it start; `nil` when
  /// what is left is an incomplete line (unless `isEnd`: the last line needs no terminator).
  public mutating func next(
    in bytes: UnsafeBufferPointer<UInt8>, from start: Int, isEnd: Bool
  ) -> (line: Line, end: Int)? {
    guard let (span, end) = nextSpan(in: bytes, from: start, isEnd: isEnd) else { return nil }
    switch span {
    case .text(let range, let number): return (.text(Array(bytes[range]), number: number), end)
    case .tooLong(let number): return (.tooLong(number: number), end)
    case .skipped: return (.skipped, end)
    }
  }

  /// ``next(in:from:isEnd:)``, with the line's text left where it is in `bytes`.
  ///
  /// - Parameters:
  ///   - bytes: The input the host handed in.
  ///   - start: Where the next line starts.
  ///   - isEnd: Whether the input ends with `bytes` (its last line needs no terminator).
  /// - Returns: The line and where the bytes after it start, or `nil` when what is left is an
  ///   incomplete line.
  public mutating func nextSpan(
    in bytes: UnsafeBufferPointer<UInt8>, from start: Int, isEnd: Bool
  ) -> (span: Span, end: Int)? {
    guard start < bytes.count else { return nil }
    let newline = Self.firstNewline(in: bytes, from: start)
    if isDiscarding {
      guard let newline else { return (.skipped, bytes.count) }
      isDiscarding = false
      return (.skipped, newline + 1)
    }
    guard let newline else {
      // One byte more than the limit may be a `\r` belonging to the terminator.
      if bytes.count - start > maximumLength + 1 {
        lineCount += 1
        isDiscarding = !isEnd
        return (.tooLong(number: lineCount), bytes.count)
      }
      guard isEnd else { return nil }
      lineCount += 1
      return (line(bytes, start..<bytes.count), bytes.count)
    }
    lineCount += 1
    return (line(bytes, start..<newline), newline + 1)
  }

  private func line(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Span {
    var end = range.upperBound
    if end > range.lowerBound, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
    guard end - range.lowerBound <= maximumLength else { return .tooLong(number: lineCount) }
    return .text(range.lowerBound..<end, number: lineCount)
  }

  /// The index of the first `\n` at or after `start`: `memchr`, as lines can be megabytes.
  private static func firstNewline(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    guard let base = bytes.baseAddress,
      let found = memchr(base + start, Int32(UInt8(ascii: "\n")), bytes.count - start)
    else { return nil }
    return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
  }
}
