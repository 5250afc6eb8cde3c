#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The size of a terminal in character cells.
public struct TerminalSize: Hashable, Sendable {
  /// Width in columns.
  public var columns: Int
  /// Height in rows.
  public var rows: Int

  /// A size; negative values count as 0.
  public init(columns: Int, rows: Int) {
    self.columns = max(0, columns)
    self.rows = max(0, rows)
  }

  /// The size of the terminal on `descriptor`, or `nil` if it is not a terminal or reports
  /// no size.
  ///
  /// ```swift
  /// let size = TerminalSize.of(descriptor: 1) ?? TerminalSize(columns: 80, rows: 24)
  /// ```
  public static func of(descriptor: Int32) -> TerminalSize? {
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0
    else { return nil }
    return TerminalSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
  }
}
