/// Writes to the terminal through a writer the caller provides (the host's output, for a front
/// end), and counts the bytes, so the cost of a screen update can be measured.
///
/// ```swift
/// let terminal = TerminalOutput { bytes in output.write(bytes) }
/// terminal.write(renderer.render(frame))
/// print(terminal.bytesWritten)
/// ```
public final class TerminalOutput {
  private let writer: (UnsafeRawBufferPointer) -> Void
  /// Bytes written so far.
  public private(set) var bytesWritten = 0

  /// Writes through `writer`.
  public init(_ writer: @escaping (UnsafeRawBufferPointer) -> Void) {
    self.writer = writer
  }

  /// Writes `text` as UTF-8.
  public func write(_ text: String) {
    write(Array(text.utf8))
  }

  /// Writes all of `bytes`.
  public func write(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes(writer)
    bytesWritten += bytes.count
  }
}
