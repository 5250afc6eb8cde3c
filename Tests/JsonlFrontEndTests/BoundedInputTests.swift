import Foundation
import JSONLines
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Hostile input through the real `tictactoe --frontend jsonl` process: lines over 1 MiB,
/// 100 000 nested `[`, numbers of hundreds of thousands of digits, invalid UTF-8 and random
/// bytes, as one stream generated while it is written (never stored whole). The host must
/// answer every bad line with exactly one `error` event, keep its memory bounded, and still
/// serve a valid line afterwards.
///
/// The stream is 64 MiB by default (16 MiB under a sanitizer); `TICTACTOE_GARBAGE_BYTES` changes
/// it (Scripts/garbage.sh runs 1 GiB), and `TICTACTOE_HOST` runs another `tictactoe` (a release
/// build, say). The pipes are served on a thread of their own, not on the cooperative pool,
/// which has only as many threads as cores and which other tests need meanwhile.
@Suite struct BoundedInputTests {
  @Test func aGarbageStreamIsAnsweredWithErrorsInBoundedMemory() async throws {
    let environment = ProcessInfo.processInfo.environment
    let size =
      environment["TICTACTOE_GARBAGE_BYTES"].flatMap(Int.init)
      ?? (Sanitizer.isActive ? 16 << 20 : 64 << 20)
    let host = try environment["TICTACTOE_HOST"].map { URL(fileURLWithPath: $0) } ?? Products.host()
    let run = try await onOwnThread { try GarbageRun(host: host, size: size, seed: 0x7717_7AC7_0E) }
    print(
      "garbage: \(run.bytesWritten) bytes in \(run.lines) lines, \(run.errors) error events "
        + "(\(run.expectedErrors) expected), peak RSS \(run.peakKiB) KiB (\(run.baselineKiB) KiB "
        + "after start), \(String(format: "%.1f", run.seconds)) s")
    #expect(run.sawValidState, "the valid line after the garbage got no state event")
    #expect(run.bytesWritten >= size)
    #expect(run.errors == run.expectedErrors, "one error event per bad line")
    #expect(run.actions == 1, "only the valid line after the garbage reaches the store")
    #expect(run.exitStatus == 0)
    // The host reads 64 KiB at a time and keeps at most one 1 MiB line: its memory must not
    // follow the size of the stream. Sanitizers' shadow memory and quarantine are not the
    // host's, so the bound is only checked in a plain build.
    if !Sanitizer.isActive {
      #expect(run.peakKiB - run.baselineKiB < 64 * 1024, "peak RSS grew by over 64 MiB")
    }
  }

  @Test func eachKindOfHostileLineIsOneError() async throws {
    let digits = String(repeating: "7", count: 900_000)
    let lines: [[UInt8]] = [
      Array(repeating: UInt8(ascii: "a"), count: (1 << 20) + 1),
      Array(repeating: UInt8(ascii: "["), count: 100_000),
      Array(repeating: UInt8(ascii: "{"), count: 100_000),
      Array(#"{"action":"newGame.game.cellTapped","row":\#(digits),"column":0}"#.utf8),
      Array("[1\(digits)e9999999999999999999999]".utf8),
      Array("[-0.\(digits)E-99999999999999999999]".utf8),
      [0xFF, 0xFE, 0x7B, 0x7D],
      Array(#"{"action":"login.view.binding.email","value":""#.utf8) + [0xED, 0xA0, 0x80]
        + Array(#""}"#.utf8),
      [0xC0, 0xAF],
    ]
    var stream = lines.flatMap { $0 + [UInt8(ascii: "\n")] }
    stream += Array((GarbageRun.validLine + "\n").utf8)
    let host = try Products.host()
    let run = try await onOwnThread { [stream] in try GarbageRun(host: host, input: stream) }
    #expect(run.sawValidState)
    #expect(run.errors == lines.count)
    #expect(run.expectedErrors == lines.count)
    #expect(run.actions == 1)
    #expect(run.exitStatus == 0)
  }
}

/// Whether this test binary (and so the `tictactoe` that `swift test` built with it) runs under
/// AddressSanitizer or ThreadSanitizer, whose shadow memory and quarantine inflate RSS.
enum Sanitizer {
  static let isActive: Bool = {
    guard let handle = dlopen(nil, RTLD_NOW) else { return false }
    defer { dlclose(handle) }
    return dlsym(handle, "__asan_init") != nil || dlsym(handle, "__tsan_init") != nil
  }()
}

/// One run of the host over hostile input followed by ``validLine``: what it wrote back, how
/// much memory it took, how long it took.
struct GarbageRun {
  /// The valid line sent after the garbage; its state event ends the run.
  static let validLine =
    #"{"action":"login.view.binding.email","value":"after-garbage@pointfree.co"}"#

  private static let errorPrefix = Array(#"{"type":"error""#.utf8)
  private static let actionPrefix = Array(#"{"type":"action""#.utf8)
  private static let statePrefix = Array(#"{"type":"state""#.utf8)

  private(set) var bytesWritten = 0
  private(set) var lines = 0
  private(set) var expectedErrors = 0
  private(set) var errors = 0
  private(set) var actions = 0
  private(set) var baselineKiB = 0
  private(set) var peakKiB = 0
  private(set) var seconds = 0.0
  private(set) var exitStatus: Int32 = -1
  /// Whether the valid line after the garbage got its state event.
  private(set) var sawValidState = false

  /// Runs the host over `size` bytes of generated garbage.
  init(host: URL, size: Int, seed: UInt64) throws {
    var generator = GarbageGenerator(size: size, seed: seed)
    try self.init(host: host) {
      generator.next()
    } finish: { lines, expected in
      lines = generator.tracker.lines
      expected = generator.tracker.expectedErrors
    }
  }

  /// Runs the host over `input`, which must end with ``validLine``.
  init(host: URL, input: [UInt8]) throws {
    var tracker = LineTracker()
    tracker.scan(input)
    var pending: [UInt8]? = input
    try self.init(host: host) {
      defer { pending = nil }
      return pending
    } finish: { lines, expected in
      // The valid line is counted by the tracker but owes no error.
      lines = tracker.lines
      expected = tracker.expectedErrors - 1
    }
  }

  private init(
    host: URL, next: @escaping () -> [UInt8]?, finish: (inout Int, inout Int) -> Void
  ) throws {
    signal(SIGPIPE, SIG_IGN)
    let process = Process()
    process.executableURL = host
    process.arguments = ["--frontend", "jsonl", "--auth-delay", "0"]
    let input = Pipe()
    let output = Pipe()
    let errorOutput = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errorOutput
    let start = Date()
    try process.run()
    let pid = process.processIdentifier
    Thread.detachNewThread {
      // Standard error is drained and dropped, so the host never blocks on it.
      let handle = errorOutput.fileHandleForReading
      while !handle.availableData.isEmpty {}
    }
    let written = Counter()
    let writer = input.fileHandleForWriting.fileDescriptor
    let source = ChunkSource(next)
    Thread.detachNewThread {
      while let chunk = source.next() {
        guard Self.writeAll(chunk, to: writer) else { break }
        written.add(chunk.count)
      }
    }
    var reader = LineReader(descriptor: output.fileHandleForReading.fileDescriptor)
    while let line = reader.next() {
      if line.starts(with: Self.errorPrefix) {
        errors += 1
      } else if line.starts(with: Self.actionPrefix) {
        actions += 1
      } else if line.starts(with: Self.statePrefix) {
        if baselineKiB == 0 { baselineKiB = Self.peakKiB(of: pid) ?? 0 }
        let event = try JSONParser().parse(line)
        if event["state"]?["login"]?["email"]?.string == "after-garbage@pointfree.co" {
          sawValidState = true
          break
        }
      }
    }
    peakKiB = Self.peakKiB(of: pid) ?? 0
    try? input.fileHandleForWriting.close()
    while reader.next() != nil {}
    process.waitUntilExit()
    seconds = Date().timeIntervalSince(start)
    exitStatus = process.terminationStatus
    bytesWritten = written.value
    finish(&lines, &expectedErrors)
  }

  /// `VmHWM` of `pid`, in KiB.
  private static func peakKiB(of pid: Int32) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
    else { return nil }
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
    return line.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") }
  }

  /// Writes all of `bytes`; `false` once the host stopped reading.
  private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let count = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return false }
      offset += count
    }
    return true
  }
}

/// The chunks to write, handed to the writer thread (which alone calls `next`).
private final class ChunkSource: @unchecked Sendable {
  let next: () -> [UInt8]?

  init(_ next: @escaping () -> [UInt8]?) {
    self.next = next
  }
}

/// A count shared between the writer thread and the test.
private final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0

  func add(_ amount: Int) { lock.withLock { count += amount } }
  var value: Int { lock.withLock { count } }
}

/// Reads a descriptor line by line, keeping only the line being read.
private struct LineReader {
  let descriptor: Int32
  private var buffer = [UInt8](repeating: 0, count: 64 * 1024)
  private var pending: [UInt8] = []
  private var start = 0
  private var end = 0

  init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  /// The next line without its `\n`, or `nil` at the end of the output.
  mutating func next() -> [UInt8]? {
    while true {
      if let newline = buffer[start..<end].firstIndex(of: UInt8(ascii: "\n")) {
        let line = pending + buffer[start..<newline]
        pending.removeAll(keepingCapacity: true)
        start = newline + 1
        return line
      }
      pending += buffer[start..<end]
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return nil }
      start = 0
      end = count
    }
  }
}

/// Follows the host's framing (LineFramer and the blank-line rule) over the bytes sent, to know
/// how many error events they owe: one for every line that is over 1 MiB or not blank.
struct LineTracker {
  private static let limit = 1 << 20
  private(set) var lines = 0
  private(set) var expectedErrors = 0
  private var length = 0
  private var isBlank = true
  private var last: UInt8 = 0

  mutating func scan(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { buffer in
      for byte in buffer {
        switch byte {
        case UInt8(ascii: "\n"):
          endLine()
          continue
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): break
        default: isBlank = false
        }
        length += 1
        last = byte
      }
    }
  }

  private mutating func endLine() {
    lines += 1
    let kept = last == UInt8(ascii: "\r") ? length - 1 : length
    if length > Self.limit + 1 || kept > Self.limit || !isBlank { expectedErrors += 1 }
    length = 0
    isBlank = true
    last = 0
  }
}

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
