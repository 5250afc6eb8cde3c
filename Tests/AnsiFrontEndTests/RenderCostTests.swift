import Foundation
import Testing

extension EndToEnd {
  /// Measures what the ansi front end writes to the terminal, with `tmux pipe-pane`: a move must
  /// cost a few dozen bytes (the frame diff), and `NO_COLOR` must remove every colour.
  @Suite struct RenderCostTests {
    /// Starts copying everything the pane receives to `file`.
    private func record(_ session: TictactoeSession, to file: URL) throws {
      _ = FileManager.default.createFile(atPath: file.path, contents: nil)
      try session.tmux.run(["pipe-pane", "-o", "cat >> \(file.path)"])
    }

    /// The bytes received since the last call, once `condition` holds for the screen and the
    /// recording has stopped growing.
    private func bytes(
      in file: URL, after previous: inout Int, when what: String, _ session: TictactoeSession,
      _ condition: @escaping (String) -> Bool
    ) async throws -> [UInt8] {
      try await session.tmux.waitForScreen(what, condition)
      var size = -1
      for _ in 0..<100 {
        let current = (try? Data(contentsOf: file))?.count ?? 0
        if current == size, current > previous { break }
        size = current
        try await Task.sleep(for: .milliseconds(30))
      }
      let data = try Data(contentsOf: file)
      defer { previous = data.count }
      return Array(data[previous...])
    }

    @Test func aMoveWritesUnderOneHundredBytes() async throws {
      let session = try TictactoeSession()
      try await session.startGame()
      let file = session.file("moves.out")
      try record(session, to: file)
      var offset = 0

      try session.tmux.keys("Enter")
      let place = try await bytes(in: file, after: &offset, when: "X placed", session) {
        Board.ansi($0) == Board(".../.X./...") && $0.contains("Blob Jr., place your O")
      }
      try session.tmux.keys("Up")
      let step = try await bytes(in: file, after: &offset, when: "the cursor moved", session) {
        _ in true
      }
      try session.tmux.keys("Enter")
      let reply = try await bytes(in: file, after: &offset, when: "O placed", session) {
        Board.ansi($0) == Board(".O./.X./...") && $0.contains("Blob, place your X")
      }
      print(
        "ansi bytes per move: place X \(place.count), cursor step \(step.count), place O \(reply.count)"
      )
      #expect(place.count < 100, "placing X wrote \(place.count) bytes")
      #expect(step.count < 100, "moving the cursor wrote \(step.count) bytes")
      #expect(reply.count < 100, "placing O wrote \(reply.count) bytes")
      try session.tmux.keys("C-c")
      #expect(try await session.waitForExit() == 130)
    }

    @Test func noColorSendsNoColours() async throws {
      let session = try TictactoeSession(environment: "NO_COLOR=1")
      try await session.tmux.waitFor("TicTacToe · Login")
      let file = session.file("nocolor.out")
      try record(session, to: file)
      var offset = 0
      try await session.startGame()
      try session.tmux.keys("Enter", "Up", "Enter")
      _ = try await bytes(in: file, after: &offset, when: "two marks", session) {
        Board.ansi($0) == Board(".O./.X./...")
      }
      let output = String(decoding: try Data(contentsOf: file), as: UTF8.self)
      let parameters = SelectGraphicRendition.parameters(in: output)
      #expect(parameters.contains(7), "reverse video still marks focus and the cursor")
      let colours = parameters.filter { (30...49).contains($0) || (90...107).contains($0) }
      #expect(colours.isEmpty, "colour parameters sent despite NO_COLOR: \(colours)")
      try session.tmux.keys("C-c")
      #expect(try await session.waitForExit() == 130)
    }

    @Test func coloursAreSentWithoutNoColor() async throws {
      let session = try TictactoeSession()
      try await session.tmux.waitFor("TicTacToe · Login")
      let file = session.file("color.out")
      try record(session, to: file)
      var offset = 0
      try await session.startGame()
      try session.tmux.keys("Enter")
      _ = try await bytes(in: file, after: &offset, when: "X placed", session) {
        Board.ansi($0) == Board(".../.X./...")
      }
      let output = String(decoding: try Data(contentsOf: file), as: UTF8.self)
      #expect(SelectGraphicRendition.parameters(in: output).contains(31), "X is drawn in red")
      try session.tmux.keys("C-c")
      #expect(try await session.waitForExit() == 130)
    }
  }
}

/// Reads the SGR parameters (`ESC [ 1;31 m`) out of terminal output.
enum SelectGraphicRendition {
  static func parameters(in output: String) -> [Int] {
    var result: [Int] = []
    var rest = Substring(output)
    while let start = rest.range(of: "\u{1B}[") {
      rest = rest[start.upperBound...]
      let body = rest.prefix { $0.isNumber || $0 == ";" }
      guard rest.dropFirst(body.count).first == "m" else { continue }
      result += body.split(separator: ";").compactMap { Int($0) }
    }
    return result
  }
}
