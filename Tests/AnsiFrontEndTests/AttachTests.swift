import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

extension EndToEnd {
  /// `tictactoe attach`: an ansi client in one terminal shows and drives the game of an ansi
  /// `--listen` host in another, and gives its terminal back when the host goes away.
  @Suite struct AttachTests {
    @Test func anAnsiClientAndAnAnsiHostShowTheSameBoardAndTheClientRestoresItsTerminal()
      async throws
    {
      let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("attach-\(UUID().uuidString.prefix(8))")
      try FileManager.default.createDirectory(
        at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      defer { try? FileManager.default.removeItem(at: directory) }
      let socket = directory.appendingPathComponent("game.sock").path
      let host = try TictactoeSession(
        arguments: "--frontend ansi --auth-delay 0 --listen \(socket)")
      try await host.tmux.waitFor("TicTacToe · Login")
      let client = try TictactoeSession(arguments: "attach \(socket) --frontend ansi")
      try await client.tmux.waitFor("TicTacToe · Login")

      try await host.startGame()
      try await client.tmux.waitFor("Blob, place your X")
      try client.tmux.keys("Enter")  // the cursor starts in the centre
      try await client.waitForBoard(".../.X./...")
      try await host.waitForBoard(".../.X./...")
      try host.tmux.keys("Up", "Enter")
      try await host.waitForBoard(".O./.X./...")
      try await client.waitForBoard(".O./.X./...")

      // The game is in progress: quitting it takes the forced form.
      try host.tmux.type(":quit!")
      try host.tmux.keys("Enter")
      #expect(try await host.waitForExit() == 0)
      #expect(try await client.waitForExit() == 10)
      let modes = try client.terminalModes()
      #expect(modes.before == modes.after, "stty -g differs after the client exited")
      #expect(try client.tmux.format("#{alternate_on} #{cursor_flag}") == "0 1")
      let screen = try client.tmux.screen()
      #expect(screen.contains("tictactoe: the host at \(socket) went away"))
    }

    /// Issue 22, P3: the ansi host shows where it listens (at start, in the help and on
    /// `:listen`), and `tictactoe attach` with no PATH finds that socket and says so.
    @Test func theHostShowsItsSocketAndAttachFindsItWithoutAPath() async throws {
      var template = Array("/tmp/ttt-xdg-XXXXXX".utf8CString)
      let runtime = String(
        cString: try #require(template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }))
      defer { try? FileManager.default.removeItem(atPath: runtime) }
      let host = try TictactoeSession(
        arguments: "--frontend ansi --auth-delay 0 --listen",
        environment: "XDG_RUNTIME_DIR=\(runtime)")
      let started = try await host.tmux.waitFor("tictactoe attach shows this game")
      let line = try #require(started.split(separator: "\n").first { $0.contains("listening on") })
      let socket = try #require(
        line.split(separator: " ").first { $0.hasPrefix(runtime) }.map { String($0.dropLast()) })
      #expect(socket.hasPrefix("\(runtime)/tictactoe/") && socket.hasSuffix(".sock"), "\(line)")

      try host.tmux.keys("Escape")
      try await host.tmux.waitForScreen("the message gone") { !$0.contains("listening on") }
      try host.tmux.type("?")
      try await host.tmux.waitFor("tictactoe attach \(socket)")
      try host.tmux.keys("Escape")
      try host.tmux.type(":listen")
      try host.tmux.keys("Enter")
      try await host.tmux.waitFor("listening on \(socket): tictactoe attach shows this game")

      let standardError = "\(runtime)/client-stderr"
      let client = try TictactoeSession(
        arguments: "attach --frontend ansi 2>\(standardError)",
        environment: "XDG_RUNTIME_DIR=\(runtime)")
      try await client.tmux.waitFor("TicTacToe · Login")
      try host.tmux.keys("Up", "Up")  // from the button back to the email
      try host.tmux.type("blob")
      try await client.tmux.waitFor("Email    blob")
      try client.tmux.keys("Escape")
      try await client.tmux.waitFor(": command · ? help")
      try client.tmux.type(":q")
      try client.tmux.keys("Enter")
      #expect(try await client.waitForExit() == 0)
      #expect(
        try String(contentsOfFile: standardError, encoding: .utf8)
          == "tictactoe: attaching to \(socket)\n")
      try host.tmux.keys("C-c")
      #expect(try await host.waitForExit() == 130)
    }

    /// Issue 22, S3: a password typed at the host is a placeholder in the client, which the
    /// client neither shows as stars nor edits: what it types there is the password.
    @Test func theClientEditsOnlyThePasswordItTyped() async throws {
      let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("attach-\(UUID().uuidString.prefix(8))")
      try FileManager.default.createDirectory(
        at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      defer { try? FileManager.default.removeItem(at: directory) }
      let socket = directory.appendingPathComponent("game.sock").path
      let host = try TictactoeSession(
        arguments: "--frontend ansi --auth-delay 0 --listen \(socket)")
      try await host.tmux.waitFor("TicTacToe · Login")
      let client = try TictactoeSession(arguments: "attach \(socket) --frontend ansi")
      try await client.tmux.waitFor("TicTacToe · Login")

      // The host types most of a password, then the email: once the client shows the email,
      // it has the password's state too.
      try host.tmux.keys("Tab")
      try host.tmux.type("passwor")
      try await host.tmux.waitFor("› Password *******")
      try host.tmux.keys("BTab")
      try host.tmux.type("blob@pointfree.co")
      let mirrored = try await client.tmux.waitFor("Email    blob@pointfree.co")
      #expect(!mirrored.contains("*"), "the client shows a length it does not know:\n\(mirrored)")

      try client.tmux.keys("Tab")
      try client.tmux.type("password")
      try await client.tmux.waitFor("› Password ********")
      try client.tmux.keys("Enter")
      try await host.tmux.waitFor("TicTacToe · New game")
      try await client.tmux.waitFor("TicTacToe · New game")

      // Out of the name field, where ":" would be typed.
      try client.tmux.keys("Escape")
      try await client.tmux.waitFor(": command · ? help")
      try client.tmux.type(":q")
      try client.tmux.keys("Enter")
      #expect(try await client.waitForExit() == 0)
      try host.tmux.keys("Escape")
      try await host.tmux.waitFor(": command · ? help")
      try host.tmux.type(":q")
      try host.tmux.keys("Enter")
      #expect(try await host.waitForExit() == 0)
    }
  }
}
