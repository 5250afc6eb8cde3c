import Foundation

/// The real `tictactoe` running in a fresh tmux terminal, inside a script that records the
/// terminal's mode (`stty -g`) before and after, its exit status, and prints a last line when
/// it has exited, so a test can check the terminal was given back as it was.
final class TictactoeSession {
  /// The terminal.
  let tmux: Tmux
  /// Where the script writes what it records.
  private let directory: URL
  /// What the script prints once `tictactoe` has exited.
  static let exitedMarker = "tictactoe exited with status"

  /// Starts `tictactoe ARGUMENTS` with `environment` (`NAME=value ...`) in a terminal of
  /// `columns` x `rows`. `NO_COLOR` is unset unless `environment` sets it (`swift test` may
  /// set it for the tests it runs).
  init(
    arguments: String = "--frontend ansi --auth-delay 0", environment: String = "",
    columns: Int = 100, rows: Int = 30
  ) throws {
    guard BuildProducts.missing.isEmpty else {
      throw TmuxError("not built (run swift build first): \(BuildProducts.missing)")
    }
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("ansi-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    // The script outlives Ctrl-C and Ctrl-\ typed to a front end in cooked mode, which the
    // terminal sends to the whole foreground group: a trap that runs a command (unlike one
    // that ignores) is not inherited by `tictactoe`.
    let script = """
      trap : INT QUIT
      stty -g > "$1/before"
      env -u NO_COLOR \(environment) "$2" \(arguments)
      status=$?
      stty -g > "$1/after"
      echo "\(Self.exitedMarker) $status"
      exec sleep 600
      """
    let scriptURL = directory.appendingPathComponent("run.sh")
    try script.write(to: scriptURL, atomically: true, encoding: .utf8)
    tmux = try Tmux(
      columns: columns, rows: rows,
      command: "sh \(scriptURL.path) \(directory.path) \(BuildProducts.tictactoe)")
  }

  deinit { try? FileManager.default.removeItem(at: directory) }

  /// The terminal's mode before `tictactoe` started and after it exited.
  func terminalModes() throws -> (before: String, after: String) {
    let before = try String(contentsOf: directory.appendingPathComponent("before"), encoding: .utf8)
    let after = try String(contentsOf: directory.appendingPathComponent("after"), encoding: .utf8)
    return (before, after)
  }

  /// A file in the session's directory, for `pipe-pane` captures.
  func file(_ name: String) -> URL { directory.appendingPathComponent(name) }

  /// Logs in as blob@pointfree.co, names the players Blob and Blob Jr., and starts a game.
  func startGame() async throws {
    try await requestGame()
    try await tmux.waitFor("Blob, place your X")
  }

  /// Logs in as blob@pointfree.co, names the players Blob and Blob Jr., and presses "Let's
  /// play!", without waiting for the game.
  func requestGame() async throws {
    try await tmux.waitFor("TicTacToe · Login")
    try logIn()
    try await tmux.waitFor("TicTacToe · New game")
    try tmux.type("Blob")
    try tmux.keys("Tab")
    try tmux.type("Blob Jr.")
    try tmux.keys("Tab", "Enter")
  }

  /// Types `email` and the password on the login screen (the focus on the email) and presses
  /// enter.
  func logIn(email: String = "blob@pointfree.co") throws {
    try tmux.type(email)
    try tmux.keys("Tab")
    try tmux.type("password")
    try tmux.keys("Enter")
  }

  /// Waits until the ansi front end shows `board`.
  @discardableResult
  func waitForBoard(_ board: String) async throws -> String {
    try await tmux.waitForScreen("the board \(board)") { Board.ansi($0) == Board(board) }
  }

  /// Waits until `tictactoe` has exited; returns its exit status.
  func waitForExit() async throws -> Int {
    let screen = try await tmux.waitFor(Self.exitedMarker)
    let line = screen.split(separator: "\n").first { $0.contains(Self.exitedMarker) } ?? ""
    return Int(line.split(separator: " ").last ?? "") ?? -1
  }
}
