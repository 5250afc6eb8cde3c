import Foundation
import TestSupport
import Testing

extension EndToEnd {
  /// Issue 12, defect 4: a password typed where the ansi front end's messages quote the input
  /// (the command line's front-end names and commands) never shows in a message, in the host's
  /// log, or in an observer's file.
  @Suite struct SecretTests {
    @Test func aPasswordTypedOnTheCommandLineIsNeverQuoted() async throws {
      var generator = SeededGenerator(seed: 0x5EC2_E7)
      let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/.,")
      let password = "Pw" + String((0..<18).map { _ in alphabet.randomElement(using: &generator)! })
      let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("ansi-secret-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: directory) }
      let observer = directory.appendingPathComponent("observer.txt").path
      let standardError = directory.appendingPathComponent("stderr.txt").path
      let session = try TictactoeSession(
        arguments: "--frontend ansi --auth-delay 0 --frontend text:\(observer) 2>\(standardError)",
        environment: "TICTACTOE_TRACE=1")
      let tmux = session.tmux
      try await tmux.waitFor("TicTacToe · Login")
      try tmux.keys("Tab")
      try tmux.type(password)
      try await tmux.waitFor("› Password ****")
      try tmux.keys("Tab")  // to the button, where ":" opens the command line
      let commands = [
        ("frontend \(password)", "holds a secret"), ("attach \(password)", "holds a secret"),
        (password, "unknown command ':***'"), ("detach \(password)", "holds a secret"),
        // Accepted (text loads, and the file's directory exists); its output path is refused
        // later, on the host's log.
        ("attach text:\(directory.path)/\(password)", "attached ***"),
      ]
      // The directory the host checks for: the path up to its last "/" (the password may hold
      // one, or end with one).
      let outputPath = "\(directory.path)/\(password)"
      try FileManager.default.createDirectory(
        atPath: String(outputPath[..<outputPath.lastIndex(of: "/")!]),
        withIntermediateDirectories: true)
      for (command, answer) in commands {
        try tmux.type(":" + command)
        try tmux.keys("Enter")
        let screen = try await tmux.waitFor(answer)
        #expect(!screen.contains(password), "after :\(command): \(screen)")
      }
      try tmux.type(":q")
      try tmux.keys("Enter")
      #expect(try await session.waitForExit() == 0)
      // The host's log: the trace, and the later refusal of the output path.
      let log = try String(contentsOfFile: standardError, encoding: .utf8)
      #expect(log.contains("tictactoe: trace: "), "the trace was on")
      #expect(log.contains("its path holds a secret"), "\(log)")
      #expect(!log.contains(password), "\(log)")
      #expect(!(try String(contentsOfFile: observer, encoding: .utf8)).contains(password))
    }

    /// Issue 22, S1: a message that quotes nothing typed is never masked, since masking a short
    /// password inside its words would spell the password by the gaps ("***nt***r an ***mail").
    @Test func aMessageThatQuotesNoInputIsNotMaskedWhateverThePassword() async throws {
      let session = try TictactoeSession()
      let tmux = session.tmux
      try await tmux.waitFor("TicTacToe · Login")
      try tmux.keys("Tab")
      try tmux.type("e")
      try await tmux.waitFor("› Password *")
      try tmux.keys("Escape")  // to the button
      try await tmux.waitFor(": command · ? help")
      try tmux.keys("Enter")
      // The host's refusal, shown as it is.
      let screen = try await tmux.waitFor("fill in the email first")
      #expect(!screen.contains("***mail"), "\(screen)")
      // A quote that holds the password goes whole.
      try tmux.type(":xe")
      try tmux.keys("Enter")
      try await tmux.waitFor("unknown command ':***'")
      try tmux.type(":q")
      try tmux.keys("Enter")
      #expect(try await session.waitForExit() == 0)
    }
  }
}
