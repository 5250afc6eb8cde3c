import Foundation
import Testing

extension EndToEnd {
  /// Issue 27: the `web` front end's URL reaches the person at the terminal. With `ansi`
  /// owning it, `:attach web` puts the URL in ansi's status line (a notice, ABI 1.4), and the
  /// same line is on standard error once ansi has left it; never in a JSON-lines output. And
  /// `:frontend web` from ansi or text says where the game went and how to bring it back.
  @Suite(
    .enabled(
      if: FileManager.default.fileExists(atPath: webLibrary),
      "the web front end was not built (libmicrohttpd-dev is missing): nothing to test"))
  struct WebNoticeTests {
    @Test func attachWebShowsItsURLInAnsisStatusLineAndOnStandardErrorOnly() async throws {
      let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("web-notice-\(UUID().uuidString.prefix(8))")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: directory) }
      let events = directory.appendingPathComponent("events.jsonl").path
      let standardError = directory.appendingPathComponent("stderr.txt").path
      let session = try TictactoeSession(
        arguments: "--frontend ansi --frontend jsonl:\(events) --auth-delay 0 2>\(standardError)",
        columns: 160)
      try await session.tmux.waitFor("TicTacToe · Login")
      try session.tmux.keys("Escape")  // out of the email field, where ':' is typed
      try session.tmux.type(":attach web")
      try session.tmux.keys("Enter")
      let screen = try await session.tmux.waitFor("web: open http://127.0.0.1:")
      let line = try #require(screen.split(separator: "\n").first { $0.contains("web: open") })
      let url = try #require(
        line.split(separator: " ").first { $0.hasPrefix("http://127.0.0.1:") }.map(String.init))
      let token = try #require(url.split(separator: "token=").last.map(String.init))
      #expect(token.count >= 16, "\(url)")
      #expect(line.contains("web: open \(url) in a browser"))

      // The next key takes the notice away, as any status-line message.
      try session.tmux.keys("Escape")
      try await session.tmux.waitForScreen("the notice gone") { !$0.contains(url) }
      try session.tmux.type(":quit")
      try session.tmux.keys("Enter")
      #expect(try await session.waitForExit() == 0)

      // Held while ansi drew the terminal, written when it left.
      let log = try String(contentsOfFile: standardError, encoding: .utf8)
      #expect(log.contains("tictactoe: [web] info: open \(url) in a browser"), "\(log)")
      let jsonLines = try String(contentsOfFile: events, encoding: .utf8)
      #expect(jsonLines.contains(#""type":"state""#))
      #expect(!jsonLines.contains(token), "the token reached the JSON-lines output")
    }

    @Test(arguments: ["ansi", "text"])
    func frontendWebSaysWhereToLookAndHowToComeBack(_ owner: String) async throws {
      let session = try TictactoeSession(
        arguments: "--frontend \(owner) --auth-delay 0 2>/dev/null", columns: 160)
      let login = owner == "ansi" ? "TicTacToe · Login" : "== Login =="
      try await session.tmux.waitFor(login)
      if owner == "ansi" { try session.tmux.keys("Escape") }
      try session.tmux.type(":frontend web")
      try session.tmux.keys("Enter")
      try await session.tmux.waitFor("The game is in your browser now: open")
      let screen = try await session.tmux.waitFor(":frontend text (or :frontend ansi)")
      #expect(screen.contains("?token="))
      try session.tmux.type(":frontend \(owner)")
      try session.tmux.keys("Enter")
      // ansi takes its own screen again; text writes its screen anew below the notice.
      try await session.tmux.waitForScreen("\(owner) back") {
        $0.components(separatedBy: login).count - 1 == (owner == "ansi" ? 1 : 2)
      }
      if owner == "ansi" { try session.tmux.keys("Escape") }
      try session.tmux.type(":quit")
      try session.tmux.keys("Enter")
      #expect(try await session.waitForExit() == 0)
    }
  }
}

/// Where the `web` front end is, next to the `tictactoe` the tests run.
private let webLibrary = URL(fileURLWithPath: BuildProducts.tictactoe)
  .deletingLastPathComponent().appendingPathComponent("libtictactoe-web.so").path
