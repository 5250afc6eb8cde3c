import Foundation
import TestSupport

/// Random secrets, and the search for them in output bytes.
enum Secrets {
  /// A random password of 16 to 40 characters: letters, digits, JSON's special characters,
  /// spaces, control characters and non-ASCII text (for the text front end, one line with no
  /// leading space).
  static func password(using generator: inout SeededGenerator, textSafe: Bool = false) -> String {
    let alphabet = Array(
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789\"\\/ {}[],:<>&'é€😀"
        + (textSafe ? "\t" : "\t\n\r\u{1}\u{7f}"))
    let length = Int.random(in: 16...40, using: &generator)
    let body = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
    return "Pw" + body
  }

  /// A random token: 16 to 64 hexadecimal digits.
  static func token(using generator: inout SeededGenerator) -> String {
    let length = Int.random(in: 16...64, using: &generator)
    return String(
      (0..<length).map { _ in Array("0123456789abcdef").randomElement(using: &generator)! })
  }

  /// `value` as a JSON string literal, quotes included.
  static func json(_ value: String) -> String {
    var result = "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where scalar.value < 0x20 || scalar.value == 0x7f:
        result += String(format: "\\u%04x", scalar.value)
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  /// Where `secret` shows in `haystack`: whole, JSON-escaped, or (with `pieces`) any 12 bytes of
  /// either; `nil` if nowhere.
  static func leak(of secret: String, in haystack: [UInt8], pieces: Bool) -> String? {
    let escaped = Array(json(secret).utf8.dropFirst().dropLast())
    for form in [Array(secret.utf8), escaped] {
      if contains(haystack, form) { return "the secret \(secret.debugDescription)" }
      guard pieces, form.count > 12 else { continue }
      for start in 0...(form.count - 12) {
        let piece = Array(form[start..<start + 12])
        if contains(haystack, piece) {
          return "12 bytes \(String(decoding: piece, as: UTF8.self).debugDescription) of the "
            + "secret \(secret.debugDescription)"
        }
      }
    }
    return nil
  }

  /// Whether `needle` occurs in `haystack` (memchr for its first byte, then memcmp).
  private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
    guard let first = needle.first else { return true }
    guard haystack.count >= needle.count else { return false }
    return haystack.withUnsafeBufferPointer { haystack in
      needle.withUnsafeBufferPointer { needle in
        var start = haystack.baseAddress!
        let end = start + (haystack.count - needle.count + 1)
        while start < end {
          guard let found = memchr(start, Int32(first), end - start) else { return false }
          let position = UnsafePointer(found.assumingMemoryBound(to: UInt8.self))
          if memcmp(position, needle.baseAddress!, needle.count) == 0 { return true }
          start = position + 1
        }
        return false
      }
    }
  }
}
