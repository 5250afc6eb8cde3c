import Foundation

/// A tmux server of its own (`tmux -L NAME`, no configuration file) with one window: a real
/// terminal to drive a full-screen program with keys and read back with `capture-pane`.
///
/// Waiting is always for an event: ``waitForScreen(attempts:_:)`` polls the pane a bounded
/// number of times until the expected text shows up.
final class Tmux {
  /// The `tmux` executable, or `nil` when it is not installed.
  static let executable: URL? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { URL(fileURLWithPath: String($0)) }
      .map { $0.appendingPathComponent("tmux") }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }()

  /// Whether tmux is installed.
  static var isAvailable: Bool { executable != nil }

  private let socket: String
  /// The server's socket file, removed when the server is killed.
  private var socketPath = ""

  /// Starts a server with a detached session of `columns` x `rows` running `command`.
  init(columns: Int = 100, rows: Int = 30, command: String) throws {
    socket = "ansi-test-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))"
    try run(["new-session", "-d", "-x", "\(columns)", "-y", "\(rows)", command])
    socketPath = try format("#{socket_path}")
  }

  deinit {
    _ = try? run(["kill-server"])
    if !socketPath.isEmpty { unlink(socketPath) }
  }

  /// Runs a tmux command against this server; returns its standard output.
  @discardableResult
  func run(_ arguments: [String]) throws -> String {
    guard let executable = Self.executable else { throw TmuxError("tmux is not installed") }
    let (status, output) = try ChildProcess.run(
      executable.path, ["-L", socket, "-f", "/dev/null"] + arguments)
    guard status == 0 else {
      throw TmuxError("tmux \(arguments.joined(separator: " ")) failed: \(output)")
    }
    return output
  }

  /// Sends key names (`Enter`, `Tab`, `Up`, `C-c`, ...), each as its own key.
  func keys(_ names: String...) throws {
    try keys(names)
  }

  /// Sends key names, each as its own key.
  func keys(_ names: [String]) throws {
    try run(["send-keys"] + names)
  }

  /// Types `text` literally.
  func type(_ text: String) throws {
    try run(["send-keys", "-l", text])
  }

  /// The visible screen of the pane, as text.
  func screen() throws -> String {
    try run(["capture-pane", "-p"])
  }

  /// Everything the pane's normal screen has shown: its scrollback, then the visible screen.
  func history() throws -> String {
    try run(["capture-pane", "-p", "-S", "-"])
  }

  /// The number of rows in a captured screen (each row ends with a newline).
  static func rows(of screen: String) -> Int {
    screen.split(separator: "\n", omittingEmptySubsequences: false).count - 1
  }

  /// A tmux format evaluated for the pane: `#{alternate_on}`, `#{cursor_flag}`, ...
  func format(_ format: String) throws -> String {
    try run(["display-message", "-p", format]).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Polls the pane until `isExpected` holds for its screen, at most `attempts` times, 50 ms
  /// apart; returns the screen that matched, or throws with the last screen seen.
  @discardableResult
  func waitForScreen(
    attempts: Int = 200, _ what: String, _ isExpected: (String) -> Bool
  ) async throws -> String {
    var last = ""
    for _ in 0..<attempts {
      last = try screen()
      if isExpected(last) { return last }
      try await Task.sleep(for: .milliseconds(50))
    }
    throw TmuxError("timed out waiting for \(what); the screen was:\n\(last)")
  }

  /// Polls the pane until it shows `text`.
  @discardableResult
  func waitFor(_ text: String, attempts: Int = 200) async throws -> String {
    try await waitForScreen(attempts: attempts, "\"\(text)\"") { $0.contains(text) }
  }
}

/// A failure to drive tmux, with what was on the screen.
struct TmuxError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
