/// Text made safe to show on a terminal, so that text someone else typed (an email, a name, a
/// front-end spec) cannot move the cursor, clear the screen or set a window title on the
/// terminal that shows it: C0 controls and DEL in caret notation (`^[` for ESC, as `cat -v` and
/// `less` show them), C1 controls as `<U+009B>`. Newlines are kept.
///
/// It works on UTF-8 bytes: a C0 control or DEL is a byte of its own, and a C1 control
/// (U+0080...U+009F) is 0xC2 then 0x80...0x9F, a pair no other character's bytes contain.
enum VisibleText {
  /// Whether `bytes` hold a control character to make visible: one pass, and no copy.
  static func hasControls(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte < 0x20 {
        if byte != 0x0A { return true }
      } else if byte == 0x7F || (byte == 0xC2 && index + 1 < bytes.count && bytes[index + 1] < 0xA0)
      {
        return true
      }
      index += 1
    }
    return false
  }

  /// Appends `bytes` to `visible` with every control character made visible.
  static func append(_ bytes: UnsafeBufferPointer<UInt8>, to visible: inout [UInt8]) {
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      switch byte {
      case 0x0A:
        visible.append(byte)
      case 0x00...0x1F:
        visible.append(UInt8(ascii: "^"))
        visible.append(byte + 0x40)
      case 0x7F:
        visible.append(contentsOf: "^?".utf8)
      case 0xC2 where index < bytes.count && bytes[index] < 0xA0:
        visible.append(contentsOf: "<U+00".utf8)
        visible.append(hexDigit(bytes[index] >> 4))
        visible.append(hexDigit(bytes[index] & 0x0F))
        visible.append(UInt8(ascii: ">"))
        index += 1
      default:
        visible.append(byte)
      }
    }
  }

  /// The uppercase hexadecimal digit of `value` (0...15).
  private static func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
  }
}

extension String {
  /// This text with every control character made visible (see ``VisibleText``).
  var withVisibleControls: String {
    // Most text has nothing to show: one pass over its bytes, and no copy.
    var text = self
    return text.withUTF8 { bytes in
      guard VisibleText.hasControls(bytes) else { return self }
      var visible: [UInt8] = []
      visible.reserveCapacity(bytes.count + 16)
      VisibleText.append(bytes, to: &visible)
      return String(decoding: visible, as: UTF8.self)
    }
  }
}
