/// The secret of one run of the web front end: 128 random bits, as 32 hex digits, that every
/// request must carry (`?token=...`). Only someone shown the URL can drive the game: another
/// site open in the same browser cannot guess it.
public struct AccessToken: Sendable, Equatable {
  /// The token as it appears in the URL.
  public let text: String

  /// A token from `text` (tests, and a run that must reuse one).
  public init(text: String) { self.text = text }

  /// A new token from the kernel's random source: `SystemRandomNumberGenerator` reads
  /// `getrandom` on Linux.
  public static func random() -> AccessToken {
    var generator = SystemRandomNumberGenerator()
    let bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
    let digits = Array("0123456789abcdef".utf8)
    var hex: [UInt8] = []
    for byte in bytes {
      hex.append(digits[Int(byte >> 4)])
      hex.append(digits[Int(byte & 0x0f)])
    }
    return AccessToken(text: String(decoding: hex, as: UTF8.self))
  }

  /// Whether `candidate` is this token. It takes as long whatever the candidate's bytes, so
  /// the time of a refusal does not tell how many leading characters were right.
  public func matches(_ candidate: String?) -> Bool {
    guard let candidate else { return false }
    let expected = Array(text.utf8)
    let given = Array(candidate.utf8)
    var difference = UInt8(expected.count == given.count ? 0 : 1)
    for index in expected.indices {
      difference |= expected[index] ^ (index < given.count ? given[index] : 0)
    }
    return difference == 0
  }
}
