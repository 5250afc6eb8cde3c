import Foundation
import FrontEndHost
import TestSupport
import TicTacToeFrontEndABI

/// The `hostile_*` functions of a compiled `hostile.c`: a front end that misbehaves on demand.
struct Hostile {
  let path: String
  private let handle: UnsafeMutableRawPointer

  /// One call the fixture made and recorded: what it called, what came back (a status, or 1 for
  /// a non-NULL pointer or a non-zero id), and `last_error` on its thread right after.
  struct Call: Equatable, CustomStringConvertible {
    let label: String
    let result: Int
    let message: String

    var description: String { "\(label) -> \(result) (\(message))" }
  }

  /// What the change callback (and the action callback) do on their next call.
  struct Reentry: OptionSet {
    let rawValue: UInt32
    static let send = Self(rawValue: 1 << 0)
    static let read = Self(rawValue: 1 << 1)
    static let subscribe = Self(rawValue: 1 << 2)
    static let unsubscribe = Self(rawValue: 1 << 3)
    static let observe = Self(rawValue: 1 << 4)
    static let detachSelf = Self(rawValue: 1 << 5)
    static let settle = Self(rawValue: 1 << 6)
    static let attach = Self(rawValue: 1 << 7)
    static let edit = Self(rawValue: 1 << 8)
    static let typedSender = Self(rawValue: 1 << 9)
    static let switchTerminal = Self(rawValue: 1 << 10)
    static let quit = Self(rawValue: 1 << 11)
  }

  /// What attach does.
  enum AttachMode: UInt32 {
    case normal = 0
    case failsAfterSubscribing = 1
    case garbageStatus = 2
    case nullInstance = 3
    case detachesItself = 4
  }

  /// What detach does.
  struct DetachMode: OptionSet {
    let rawValue: UInt32
    static let sends = Self(rawValue: 1 << 0)
    static let subscribes = Self(rawValue: 1 << 1)
    static let requests = Self(rawValue: 1 << 2)
  }

  /// Compiles a private copy of the fixture (with `defines`) and opens it.
  init(defines: [String] = []) async throws {
    path = try await Fixtures.compile("hostile.c", defines: defines)
    guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
      throw Probe.ProbeError(message: "cannot open the fixture: \(String(cString: dlerror()))")
    }
    self.handle = handle
  }

  private func function<T>(_ name: String, as type: T.Type) -> T {
    unsafeBitCast(dlsym(handle, name)!, to: type)
  }

  private func counter(_ name: String) -> Int {
    Int(function(name, as: (@convention(c) () -> UInt32).self)())
  }

  /// The calls recorded since the last ``clearReport()``.
  var report: [Call] {
    let text = String(
      cString: function("hostile_report", as: (@convention(c) () -> UnsafePointer<CChar>).self)())
    return text.split(separator: "\n").map { line in
      let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
      return Call(
        label: String(fields[0]), result: Int(fields[1]) ?? -999,
        message: fields.count > 2 ? String(fields[2]) : "")
    }
  }

  /// The recorded call labelled `label`.
  func call(_ label: String) -> Call? { report.first { $0.label == label } }

  func clearReport() { function("hostile_clear_report", as: (@convention(c) () -> Void).self)() }

  func setAttachMode(_ mode: AttachMode, argument: String = "") {
    let set = function(
      "hostile_set_attach_mode",
      as: (@convention(c) (UInt32, UnsafePointer<CChar>?) -> Void).self)
    argument.withCString { set(mode.rawValue, $0) }
  }

  func setDetachMode(_ mode: DetachMode) {
    function("hostile_set_detach_mode", as: (@convention(c) (UInt32) -> Void).self)(mode.rawValue)
  }

  func reenter(onChange: Reentry = [], onAction: Reentry = []) {
    function("hostile_reenter", as: (@convention(c) (UInt32, UInt32) -> Void).self)(
      onChange.rawValue, onAction.rawValue)
  }

  var changes: Int { counter("hostile_changes") }
  var extraChanges: Int { counter("hostile_extra_changes") }
  var actions: Int { counter("hostile_actions") }
  var extraActions: Int { counter("hostile_extra_actions") }
  var settled: Int { counter("hostile_settled") }
  var readEmail: String {
    String(
      cString: function(
        "hostile_read_email", as: (@convention(c) () -> UnsafePointer<CChar>).self)())
  }

  /// Runs the battery of absurd calls on this thread; returns how many it made.
  func absurd() -> Int { Int(function("hostile_absurd", as: (@convention(c) () -> Int32).self)()) }

  /// Whether a `last_error` string survived two more errors, and what it said.
  func lastErrorSurvivesErrors() -> (Bool, String) {
    var buffer = [CChar](repeating: 0, count: 256)
    let survives = function(
      "hostile_last_error_survives_errors",
      as: (@convention(c) (UnsafeMutablePointer<CChar>, Int) -> Int32).self)
    let result = buffer.withUnsafeMutableBufferPointer { survives($0.baseAddress!, $0.count) }
    let first = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    return (result == 1, first)
  }

  /// Sends `count` times through each of four routes from a new thread, joined before it returns.
  func threadSends(_ count: Int32) -> (ok: Int, detached: Int, other: Int, lastError: String) {
    typealias Sends =
      @convention(c) (Int32, UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Int32>) -> Int32
    var detached: Int32 = 0
    var other: Int32 = 0
    let ok = function("hostile_thread_sends", as: Sends.self)(count, &detached, &other)
    let lastError = String(
      cString: function(
        "hostile_thread_last_error", as: (@convention(c) () -> UnsafePointer<CChar>).self)())
    return (Int(ok), Int(detached), Int(other), lastError)
  }

  /// Calls store-thread routines from a new thread, joined before it returns.
  func threadRoutines() {
    function("hostile_thread_routines", as: (@convention(c) () -> Void).self)()
  }

  /// Calls through every handle and sender it kept.
  func savedHandles() {
    function("hostile_saved_handles", as: (@convention(c) () -> Void).self)()
  }
}

/// Lines the host wrote to its diagnostics.
@MainActor
final class DiagnosticLines {
  private(set) var lines: [String] = []

  /// Collects `host`'s diagnostics from now on.
  init(_ host: FrontEndHost) {
    host.diagnostics = { [weak self] line in self?.lines.append(line) }
  }
}

/// Yields to the main actor until `condition` holds; never sleeps. Gives up after
/// `bound` yields and at least `seconds` (a hang guard): what the condition waits for may
/// come from another thread (the event loop's), which a loaded machine runs late, after any
/// number of yields.
@MainActor
func yield(until condition: () -> Bool, bound: Int = 100_000, seconds: Int = 60) async -> Bool {
  let deadline = ContinuousClock.now + .seconds(seconds)
  var yields = 0
  while yields < bound || ContinuousClock.now < deadline {
    if condition() { return true }
    await Task.yield()
    yields += 1
  }
  return condition()
}

/// Lets every job already queued on the main actor run (jobs run in the order they were queued).
@MainActor
func drainMainActor() async {
  await Task { @MainActor in }.value
}
