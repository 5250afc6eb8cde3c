import TestSupport

/// Makes the garbage, chunk by chunk: random bytes, lines over 1 MiB, deep nesting, huge
/// numbers, invalid UTF-8 and near-miss requests, then `\n` and ``GarbageRun/validLine``.
struct GarbageGenerator {
  private var remaining: Int
  private var random: SeededGenerator
  private var isFinished = false
  private(set) var tracker = LineTracker()

  init(size: Int, seed: UInt64) {
    remaining = size
    random = SeededGenerator(seed: seed)
  }

  /// The next chunk, or `nil` after the valid line.
  mutating func next() -> [UInt8]? {
    guard !isFinished else { return nil }
    var chunk: [UInt8]
    if remaining <= 0 {
      isFinished = true
      chunk = Array(("\n" + GarbageRun.validLine + "\n").utf8)
      tracker.scan(Array(chunk.dropLast(GarbageRun.validLine.utf8.count + 1)))
      return chunk
    }
    switch random.next() % 100 {
    case 0..<70:
      chunk = randomBytes(64 * 1024)
    case 70..<75:
      chunk = longLine()
    case 75..<80:
      chunk = Array(repeating: UInt8(ascii: random.next() % 2 == 0 ? "[" : "{"), count: 100_000)
      chunk.append(UInt8(ascii: "\n"))
    case 80..<85:
      chunk = hugeNumber()
    case 85..<92:
      chunk = invalidUTF8()
    default:
      chunk = nearMisses()
    }
    remaining -= chunk.count
    tracker.scan(chunk)
    return chunk
  }

  private mutating func randomBytes(_ count: Int) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: count)
    bytes.withUnsafeMutableBytes { buffer in
      for offset in stride(from: 0, to: count - 7, by: 8) {
        buffer.storeBytes(of: random.next(), toByteOffset: offset, as: UInt64.self)
      }
    }
    return bytes
  }

  /// A line just over or well over the 1 MiB limit, without a newline inside.
  private mutating func longLine() -> [UInt8] {
    let length = (1 << 20) + 1 + Int(random.next() % (512 * 1024))
    var line = [UInt8](repeating: UInt8(ascii: "a") + UInt8(random.next() % 26), count: length)
    line.append(UInt8(ascii: "\n"))
    return line
  }

  private mutating func hugeNumber() -> [UInt8] {
    let digits = String(repeating: "9", count: 1 + Int(random.next() % 900_000))
    let lines = [
      #"{"action":"newGame.game.cellTapped","row":1\#(digits),"column":0}"#,
      "[-\(digits).\(digits)e-\(digits)]",
      #"{"command":"snapshot","id":1\#(digits)e\#(digits),"x":1}"#,
    ]
    return Array((lines[Int(random.next() % 3)] + "\n").utf8)
  }

  private mutating func invalidUTF8() -> [UInt8] {
    let sequences: [[UInt8]] = [
      [0xFF], [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
      [0xC3], [0x80], [0xF0, 0x9F, 0x98],
    ]
    var chunk: [UInt8] = []
    for _ in 0..<256 {
      let bad = sequences[Int(random.next() % UInt64(sequences.count))]
      chunk += Array(#"{"action":"login.view.binding.email","value":"a"#.utf8) + bad
      chunk += Array(#""}"#.utf8) + [UInt8(ascii: "\n")]
    }
    return chunk
  }

  private mutating func nearMisses() -> [UInt8] {
    let lines = [
      #"{"action":"login.view.binding.emai","value":"x"}"#,
      #"{"action":"login.loginResponse.success"}"#,
      #"{"action":"newGame.letsPlayButtonTapped"}"#,
      #"{"action":"login.view.binding.password","value":"secret","value":"again"}"#,
      #"{"command":"snapshot","id":null}"#, #"{"command":"nope"}"#, "[1,2,]", "{", "\"\\u12\"",
      "nul\u{0}l", "\u{FEFF}{}",
    ]
    var chunk: [UInt8] = []
    for _ in 0..<512 { chunk += Array((lines[Int(random.next() % 11)] + "\r\n").utf8) }
    return chunk
  }
}
