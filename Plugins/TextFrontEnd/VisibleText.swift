extension String {
  /// This text with every control character made visible, so that text someone else typed (an
  /// email, a name, a front-end spec) cannot move the cursor, clear the screen or set a window
  /// title on the terminal that shows it: C0 controls and DEL in caret notation (`^[` for
  /// ESC, as `cat -v` and `less` show them), C1 controls as `<U+009B>`. Newlines are kept.
  var withVisibleControls: String {
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
