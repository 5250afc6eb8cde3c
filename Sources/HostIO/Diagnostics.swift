import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The host's diagnostics: one line each, on standard error, written with `write(2)`.
///
/// Control characters other than newline and tab are written in caret notation (`^[` for
/// ESC): a diagnostic may quote what someone typed (a front-end spec, a front end's log
/// line), and the terminal showing standard error must not obey it.
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
    visible(Array(line.utf8) + [0x0A]).withUnsafeBufferPointer { bytes in
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

  /// `bytes` (UTF-8) with C0 controls but newline and tab, DEL, and the C1 controls
  /// (U+0080...U+009F, 0xC2 0x80...0x9F) in caret notation: `^[`, `^?`, `^[` + the C1's
  /// 7-bit form (U+009B, CSI, is written `^[[`, as ESC [ means the same).
  static func visible(_ bytes: [UInt8]) -> [UInt8] {
    guard
      bytes.contains(where: { ($0 < 0x20 && $0 != 0x0A && $0 != 0x09) || $0 == 0x7F || $0 == 0xC2 })
    else { return bytes }
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count + 8)
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0xC2, index + 1 < bytes.count, bytes[index + 1] < 0xA0 {
        result += [UInt8(ascii: "^"), UInt8(ascii: "["), bytes[index + 1] - 0x40]
        index += 2
        continue
      }
      if (byte < 0x20 && byte != 0x0A && byte != 0x09) || byte == 0x7F {
        result += [UInt8(ascii: "^"), byte == 0x7F ? UInt8(ascii: "?") : byte + 0x40]
      } else {
        result.append(byte)
      }
      index += 1
    }
    return result
  }
}
