extension String {
  /// This text with every control character made visible, so that text someone else typed (an
  /// email, a name, a front-end spec) cannot move the cursor, clear the screen or set a window
  /// title on the terminal that shows it: C0 controls and DEL in caret notation (`^[` for
  /// ESC, as `cat -v` and `less` show them), C1 controls as `<U+009B>`. Newlines are kept.
  var withVisibleControls: String {
    // Most text has nothing to show: one pass over its bytes, and no copy. A C1 control is
    // U+0080...U+009F: 0xC2 then 0x80...0x9F in UTF-8.
    var text = self
    let hasControls = text.withUTF8 { bytes in
      bytes.indices.contains { index in
        let byte = bytes[index]
        if byte == 0xC2 { return index + 1 < bytes.count && bytes[index + 1] < 0xA0 }
        return (byte < 0x20 && byte != 0x0A) || byte == 0x7F
      }
    }
    guard hasControls else { return self }
    var result = ""
    result.reserveCapacity(utf8.count)
    for scalar in unicodeScalars {
      switch scalar.value {
      case 0x0A: result.unicodeScalars.append(scalar)
      case 0x00...0x1F: result += "^" + String(UnicodeScalar(UInt8(scalar.value + 0x40)))
      case 0x7F: result += "^?"
      case 0x80...0x9F: result += "<U+00\(String(scalar.value, radix: 16, uppercase: true))>"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
