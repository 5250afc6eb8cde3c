import Foundation
import Testing

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
  }
}
