import Foundation
import JSONLines

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

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
