import Foundation
import FrontEndHost
import TestSupport
import Testing
import TicTacToeAppCore

/// Many threads sending through the ABI at once, while another front end renders every change:
/// the store processes every action exactly once, in each thread's order.
@MainActor
@Suite struct StressTests {
  /// Sends per thread: `STRESS_SENDS` (for a quicker run), else 100 000.
  static let sendsPerThread =
    ProcessInfo.processInfo.environment["STRESS_SENDS"].flatMap { Int($0) } ?? 100_000
  static let threads = 8

  /// A compiled `stress.c`, opened to call its exported functions.
  private struct Library {
    let path: String
    let handle: UnsafeMutableRawPointer

    init(defines: [String] = []) async throws {
      path = try await Fixtures.compile("stress.c", defines: defines)
      handle = try #require(dlopen(path, RTLD_NOW | RTLD_LOCAL))
    }

    func function<T>(_ name: String, as type: T.Type) -> T {
      unsafeBitCast(dlsym(handle, name)!, to: type)
    }
  }

  /// `VmHWM` or `VmRSS` of this process, in MiB.
  private static func memory(_ field: String) -> Int {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix(field + ":") }
    let kib = line.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } ?? 0
    return kib / 1024
  }

  @Test func threadsSendingThroughTheABILoseAndDuplicateNothing() async throws {
    let threads = Self.threads
    let sends = Self.sendsPerThread
    let total = threads * sends
    let host = makeTestHost()
    let renderer = try await Library(defines: ["STRESS_RENDERER"])
    let sender = try await Library()
    let screen = try Fixtures.temporaryDirectory().appendingPathComponent("screen.txt").path
    _ = try host.attach(FrontEndSpec("\(renderer.path):\(screen)"), ownsTerminal: false).get()
    _ = try host.attach(FrontEndSpec(sender.path), ownsTerminal: false).get()

    // Every processed action, checked against each thread's order: "t<thread>-<index>".
    var processed = 0
    var next = [Int](repeating: 0, count: threads)
    var problems: [String] = []
    let observation = host.store.observeActions { action, origin in
      processed += 1
      guard case .login(let login) = host.store.state, origin == .send,
        case .login(.view(.binding)) = action
      else {
        problems.append("unexpected action \(action)")
        return
      }
      let parts = login.email.dropFirst().split(separator: "-")
      guard parts.count == 2, let thread = Int(parts[0]), let index = Int(parts[1]),
        next.indices.contains(thread)
      else {
        problems.append("unexpected email \(login.email)")
        return
      }
      if index != next[thread], problems.count < 20 {
        problems.append("thread \(thread): \(index) processed after \(next[thread] - 1)")
      }
      next[thread] = index + 1
    }
    defer { observation.cancel() }

    let residentBefore = Self.memory("VmRSS")
    let clock = ContinuousClock()
    let start = clock.now
    let begin = sender.function("stress_start", as: (@convention(c) (Int32, Int) -> Int32).self)
    #expect(begin(Int32(threads), sends) == 0)
    // Join the senders on another thread while the store thread processes what they send.
    let join = sender.function("stress_join", as: (@convention(c) () -> Int).self)
    let failures = await withCheckedContinuation { continuation in
      Thread.detachNewThread { continuation.resume(returning: join()) }
    }
    let sent = clock.now - start
    // Every send is queued by now; the store thread processes the queue in order.
    #expect(await yield(until: { processed >= total }))
    let elapsed = clock.now - start

    #expect(failures == 0, "sends that did not return TTT_OK")
    #expect(processed == total)
    #expect(problems.isEmpty, "\(problems)")
    #expect(next == Array(repeating: sends, count: threads))
    guard case .login(let login) = host.store.state else {
      Issue.record("the state left login")
      return
    }
    let lastValues = (0..<threads).map { "t\($0)-\(sends - 1)" }
    #expect(lastValues.contains(login.email), "final email \(login.email)")

    let renders = renderer.function("stress_renders", as: (@convention(c) () -> UInt).self)()
    let renderFailures = renderer.function(
      "stress_render_failures", as: (@convention(c) () -> UInt).self)()
    #expect(renders == UInt(total + 1), "one render on attach, then one per change")
    #expect(renderFailures == 0)
    #expect(contents(of: screen).hasPrefix("== Login ==\nEmail: \(login.email)\n"))

    print(
      "stress: \(total) sends from \(threads) threads: all queued after \(sent), all processed "
        + "after \(elapsed); \(renders) renders; resident memory \(residentBefore) MiB before, "
        + "\(Self.memory("VmRSS")) MiB after, peak \(Self.memory("VmHWM")) MiB")
  }
}
