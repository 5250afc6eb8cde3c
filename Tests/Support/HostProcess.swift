import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A running `tictactoe` process, its standard input, output and error connected to pipes.
///
/// Tests synchronise on the process itself, never on time: they read the output line by line
/// (blocking until the host writes), or close the input and read to the end. A watchdog kills a
/// process that hangs, so a broken host fails the test instead of stalling the suite.
public final class HostProcess: @unchecked Sendable {
  /// The arguments most tests run with: the `jsonl` front end owns standard input and output,
  /// and the authentication server answers at once.
  public static let defaultArguments = ["--frontend", "jsonl", "--auth-delay", "0"]

  /// Seconds after which a process still running is killed and the test fails. Generous: it
  /// only catches a hang, and CI runs the whole suite in parallel on two busy cores.
  public static let watchdogSeconds = 300

  private let process = Process()
  private let standardInput = Pipe()
  private let standardOutput = Pipe()
  private let standardErrorPipe = Pipe()
  private let errorBytes = Mutex<[UInt8]>([])
  private let errorDrained = DispatchSemaphore(value: 0)
  private let wasKilled = Atomic<Bool>(false)
  private var unread: [UInt8] = []
  private var isInputClosed = false

  /// Every byte read from standard output so far.
  public private(set) var output: [UInt8] = []

  /// The process id.
  public var processIdentifier: Int32 { process.processIdentifier }

  /// The peak resident memory of the process so far, in KiB (`VmHWM`).
  public func peakMemoryKiB() -> Int? {
    guard
      let status = try? String(contentsOfFile: "/proc/\(processIdentifier)/status", encoding: .utf8)
    else { return nil }
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
    return line.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") }
  }

  /// Starts `tictactoe` with `arguments`; with a `descriptorLimit`, through `bash` under
  /// `ulimit -n` that limit.
  public init(
    _ arguments: [String] = HostProcess.defaultArguments, environment: [String: String] = [:],
    descriptorLimit: Int? = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    _ = Self.ignoreBrokenPipes
    let host = try Self.executable(sourceLocation: sourceLocation)
    if let descriptorLimit {
      process.executableURL = URL(fileURLWithPath: "/bin/bash")
      process.arguments =
        ["-c", "ulimit -n \(descriptorLimit) && exec \"$0\" \"$@\"", host.path] + arguments
    } else {
      process.executableURL = host
      process.arguments = arguments
    }
    var fullEnvironment = ProcessInfo.processInfo.environment
    fullEnvironment["TICTACTOE_TRACE"] = nil
    fullEnvironment.merge(environment) { $1 }
    process.environment = fullEnvironment
    process.standardInput = standardInput
    process.standardOutput = standardOutput
    process.standardError = standardErrorPipe
    try process.run()

    Thread.detachNewThread { [self] in drainStandardError() }
    DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(Self.watchdogSeconds)) {
      [weak self] in
      guard let self, process.isRunning else { return }
      wasKilled.store(true, ordering: .relaxed)
      process.terminate()
    }
  }

  /// The built `tictactoe` executable; fails the test if it or the `jsonl` front end (which
  /// most runs load) was not built.
  public static func executable(
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> URL {
    let host = productsDirectory.appendingPathComponent("tictactoe")
    let frontEnd = productsDirectory.appendingPathComponent("libtictactoe-jsonl.so")
    for product in [host, frontEnd] {
      try #require(
        FileManager.default.fileExists(atPath: product.path),
        "\(product.path) is missing; build the products first (swift build)",
        sourceLocation: sourceLocation)
    }
    return host
  }

  /// Collects standard error until it closes, so the host never blocks writing to it.
  private func drainStandardError() {
    let descriptor = standardErrorPipe.fileHandleForReading.fileDescriptor
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { break }
      // Under the condition's lock, so a waiter between its look and its wait misses nothing.
      errorArrived.lock()
      errorBytes.withLock { $0.append(contentsOf: buffer[..<count]) }
      errorArrived.broadcast()
      errorArrived.unlock()
    }
    errorDrained.signal()
    errorArrived.lock()
    errorArrived.broadcast()
    errorArrived.unlock()
  }

  /// Wakes ``standardErrorLine(containing:)`` when standard error grows or ends.
  private let errorArrived = NSCondition()

  /// The first line of standard error that contains `text`; waits for the host to write it,
  /// and fails the test (returning `nil`) if standard error ends without it.
  public func standardErrorLine(
    containing text: String, sourceLocation: SourceLocation = #_sourceLocation
  ) -> String? {
    errorArrived.lock()
    defer { errorArrived.unlock() }
    while true {
      let lines = String(decoding: errorBytes.withLock { $0 }, as: UTF8.self).split(
        separator: "\n")
      if let line = lines.first(where: { $0.contains(text) }) { return String(line) }
      if !process.isRunning, errorDrained.wait(timeout: .now()) == .success {
        errorDrained.signal()
        Issue.record(
          "standard error ended without \"\(text)\"; it was:\n\(lines.joined(separator: "\n"))",
          sourceLocation: sourceLocation)
        return nil
      }
      _ = errorArrived.wait(until: Date() + 1)
    }
  }

  /// Sends `signalNumber` to the process.
  public func send(signal signalNumber: Int32) { kill(processIdentifier, signalNumber) }

  /// A SIGPIPE from writing to a host that already exited must not kill the test process.
  private static let ignoreBrokenPipes: Void = {
    signal(SIGPIPE, SIG_IGN)
  }()

  // MARK: Input

  /// Writes `line` and a `\n`.
  public func send(_ line: String) {
    write(Array((line + "\n").utf8))
  }

  /// Writes `bytes` as they are, all of them unless the host stopped reading.
  public func write(_ bytes: [UInt8]) {
    let descriptor = standardInput.fileHandleForWriting.fileDescriptor
    Self.writeAll(bytes, to: descriptor)
  }

  /// Writes `bytes` on another thread, then closes the input: for inputs larger than a pipe
  /// holds, while this thread reads the output.
  public func writeInBackgroundAndClose(_ bytes: [UInt8]) {
    precondition(!isInputClosed)
    isInputClosed = true
    let handle = standardInput.fileHandleForWriting
    Thread.detachNewThread {
      Self.writeAll(bytes, to: handle.fileDescriptor)
      try? handle.close()
    }
  }

  /// Closes the input: the host sees the end of input.
  public func closeInput() {
    guard !isInputClosed else { return }
    isInputClosed = true
    try? standardInput.fileHandleForWriting.close()
  }

  private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes {
        Glibc.write(descriptor, $0.baseAddress, $0.count)
      }
      if written < 0 {
        if errno == EINTR { continue }
        return  // EPIPE: the host exited
      }
      offset += written
    }
  }

  // MARK: Output

  /// The next line of standard output, without its `\n`; waits for the host to write it.
  /// `nil` once the output ended.
  public func readLine() -> String? {
    while true {
      if let newline = unread.firstIndex(of: UInt8(ascii: "\n")) {
        let line = String(decoding: unread[..<newline], as: UTF8.self)
        unread.removeSubrange(...newline)
        return line
      }
      guard readChunk() else { return nil }
    }
  }

  /// Appends what standard output has next to `unread`; `false` at its end.
  private func readChunk() -> Bool {
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    let descriptor = standardOutput.fileHandleForReading.fileDescriptor
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return false }
      unread.append(contentsOf: buffer[..<count])
      output.append(contentsOf: buffer[..<count])
      return true
    }
  }

  // MARK: Finishing

  /// Closes the input, reads the output to its end and waits for the exit; returns the exit
  /// status and standard error, for a host whose output is not the protocol's.
  public func finishWithoutChecks(
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> (status: Int32, standardError: String) {
    closeInput()
    return waitForExit(sourceLocation: sourceLocation)
  }

  /// Sends `signalNumber` and waits for the host to end by it, with its input still open: the
  /// end of the input, closed right after the signal, could reach the host first and end it
  /// normally. Returns the exit status and standard error.
  public func finish(
    bySignal signalNumber: Int32, sourceLocation: SourceLocation = #_sourceLocation
  ) -> (status: Int32, standardError: String) {
    send(signal: signalNumber)
    defer { closeInput() }
    return waitForExit(sourceLocation: sourceLocation)
  }

  /// Reads the output to its end and waits for the exit (the watchdog ends a host that hangs).
  private func waitForExit(
    sourceLocation: SourceLocation
  ) -> (status: Int32, standardError: String) {
    while readChunk() {}
    process.waitUntilExit()
    errorDrained.wait()
    let wasKilled = wasKilled.load(ordering: .relaxed)
    #expect(
      !wasKilled,
      "the host was still running after \(Self.watchdogSeconds) s and was killed",
      sourceLocation: sourceLocation)
    return (
      process.terminationStatus, String(decoding: errorBytes.withLock { $0 }, as: UTF8.self)
    )
  }
}
