import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The host's diagnostics: one line each, on standard error, written with `write(2)`.
///
/// A diagnostic that cannot be written (standard error closed, full, a broken pipe, a reader
/// that stopped reading) is dropped: it never traps, never blocks the store thread, and never
/// changes the exit status. Callable from any thread.
///
/// ```swift
/// Diagnostics.write("tictactoe: no front end could be loaded")
/// ```
public enum Diagnostics {
  /// Where lines go: standard error, or the non-blocking copy ``use(_:)`` installed.
  private static let descriptor = Atomic<Int32>(2)

  /// Writes to `stream` from now on (the non-blocking standard error of ``StandardStreams``).
  public static func use(_ stream: StandardStreams.Stream) {
    descriptor.store(stream.descriptor, ordering: .relaxed)
  }

  /// Writes `line` and a newline; drops what cannot be written now.
  public static func write(_ line: String) {
    var text = line + "\n"
    text.withUTF8 { bytes in
      let descriptor = descriptor.load(ordering: .relaxed)
      var offset = 0
      while offset < bytes.count {
        let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if written > 0 {
          offset += written
        } else if written < 0 && errno == EINTR {
          continue
        } else {
          return
        }
      }
    }
  }
}
