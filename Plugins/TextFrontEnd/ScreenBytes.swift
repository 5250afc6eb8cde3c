import Glibc

/// A screen's text as UTF-8 bytes (``ScreenText`` renders it), in a buffer its renderer keeps
/// from one screen to the next, and whether it holds a control character to make visible (see
/// ``VisibleText``): only text from the app state (what the user typed, a title naming a
/// player) can, so only that is looked at.
struct ScreenBytes: Equatable {
  /// The text.
  private(set) var bytes: [UInt8] = []
  /// Whether the text holds a control character to make visible.
  private(set) var hasControls = false

  /// Whether nothing is rendered in it.
  var isEmpty: Bool { bytes.isEmpty }

  /// Empties it, keeping its capacity: the next screen renders with no allocation.
  mutating func removeAll() {
    bytes.removeAll(keepingCapacity: true)
    hasControls = false
  }

  /// Appends a literal's bytes.
  mutating func append(_ literal: StaticString) {
    literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  /// Appends one byte of ASCII.
  mutating func append(_ byte: UInt8) {
    bytes.append(byte)
  }

  /// Appends a number in decimal.
  mutating func append(number: Int) {
    bytes.append(contentsOf: String(number).utf8)
  }

  /// Appends text from the app state: what the user typed, or a title or alert made of it.
  mutating func append(state text: String) {
    let start = bytes.count
    bytes.append(contentsOf: text.utf8)
    guard !hasControls else { return }
    hasControls = bytes.withUnsafeBufferPointer {
      VisibleText.hasControls(UnsafeBufferPointer(rebasing: $0[start...]))
    }
  }

  /// Appends an alert's line: `Alert: TITLE HOW`, where `how` says how to answer it and ends
  /// the line.
  mutating func appendAlert(_ title: String, _ how: StaticString) {
    append("Alert: ")
    append(state: title)
    append(" ")
    append(how)
  }

  /// Whether both hold the same text: one `memcmp`.
  static func == (left: ScreenBytes, right: ScreenBytes) -> Bool {
    left.bytes.withUnsafeBytes { left in
      right.bytes.withUnsafeBytes { right in
        left.count == right.count
          && (left.isEmpty || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0)
      }
    }
  }
}
