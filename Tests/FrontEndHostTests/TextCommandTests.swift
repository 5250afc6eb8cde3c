import Foundation
import TestSupport
import Testing

/// The `text` front end as a script (or a person) types to it, through a pipe: help, quitting,
/// commands without their argument, the forms of a move, alerts first, and the host's checks
/// of observers before anything starts.
@Suite struct TextCommandTests {
  private static let logIn = ["email blob@pointfree.co", "password password", "login"]
  private static let startGame = logIn + ["x Blob", "o Blub", "play"]

  private func text(
    _ lines: [String], arguments: [String] = []
  ) async throws -> (status: Int32, standardOutput: String, standardError: String) {
    try await Fixtures.run(
      Fixtures.hostExecutable, ["--frontend", "text", "--auth-delay", "0"] + arguments,
      input: Data((lines.joined(separator: "\n") + "\n").utf8))
  }

  @Test func helpAndQuestionMarkExplainTheScreenYouAreOn() async throws {
    let result = try await text(["help"] + Self.logIn + ["?"])
    let helps = result.standardOutput.components(separatedBy: "\n  quit ")
    #expect(helps.count == 3, "\(result.standardOutput)")
    #expect(helps[0].contains("  email ADDRESS "))
    #expect(helps[0].contains("  login "))
    #expect(!helps[0].contains("unknown command"))
    #expect(helps[1].contains("  x NAME "))
    #expect(helps[1].contains("  play "))
    #expect(!helps[1].contains("  email ADDRESS "))
  }

  @Test(arguments: ["quit", "exit", "q", ":quit", "QUIT"])
  func quittingWorksOnTheLoginScreen(command: String) async throws {
    let result = try await text([command, "email after@quit"])
    #expect(result.status == 0)
    #expect(!result.standardOutput.contains("unknown command"))
    #expect(!result.standardOutput.contains("after@quit"), "a line after quit was handled")
  }

  @Test func leaveEndsAGameAndQuitQuitsTheApp() async throws {
    let result = try await text(Self.startGame + ["leave", "yes", "quit", "x Later"])
    #expect(result.status == 0)
    #expect(
      result.standardOutput.hasSuffix(
        "== New game ==\nX player: Blob\nO player: Blub\n"
          + "Commands: x NAME, o NAME, play, logout, help, quit\n"))
  }

  @Test func leavingAGameInProgressAsksYesOrNoFirst() async throws {
    let result = try await text(
      Self.startGame + [
        "1 1", "leave", "2 2", "again", "leave", "maybe", "no", "2 2", "leave", "y",
      ])
    #expect(result.status == 0)
    let output = result.standardOutput
    #expect(
      output.contains(
        "Alert: Quit this game? (type yes to quit the game, no to keep playing)\n"
          + "Commands: yes, no, help, quit\n"), "\(output)")
    // Under the alert, moves and the other commands wait; anything but yes or no says so.
    let refusal =
      "! first answer \"Quit this game?\": type yes to quit the game, or no to keep playing"
    #expect(output.components(separatedBy: refusal).count == 5, "\(output)")
    // "no" keeps playing: the move after it is made.
    #expect(output.contains("  2     | O |  "), "\(output)")
    #expect(output.hasSuffix("Commands: x NAME, o NAME, play, logout, help, quit\n"))
  }

  /// Issue 22, P1: `yes` leaves the game in the change it makes, so the screen printed after
  /// the alert is the new-game screen, never the game again with its alert gone.
  @Test func yesToTheQuitConfirmationPrintsTheNewGameScreenNext() async throws {
    let result = try await text(Self.startGame + ["1 1", "leave", "yes"])
    #expect(result.status == 0)
    let afterAlert = result.standardOutput.components(
      separatedBy: "Commands: yes, no, help, quit\n")
    #expect(afterAlert.count == 2, "\(result.standardOutput)")
    #expect(
      afterAlert.last
        == "== New game ==\nX player: Blob\nO player: Blub\n"
        + "Commands: x NAME, o NAME, play, logout, help, quit\n")
  }

  /// Issue 22, P2: quitting with a game in progress asks too: `quit` and `:q` say how to quit
  /// anyway, `q` leaves the game as it does in `ansi` (asking first), and `quit!` quits.
  @Test func quittingWithAGameInProgressAsksFirst() async throws {
    let result = try await text(
      Self.startGame + ["1 1", "quit", ":q", "2 2", "q", "no", "exit", "quit!", "3 3"])
    #expect(result.status == 0)
    let output = result.standardOutput
    let warning =
      "! a game is in progress: quit! quits anyway, leave (or q) leaves the game first\n"
    #expect(output.components(separatedBy: warning).count == 3, "\(output)")
    #expect(
      output.contains(
        "! a game is in progress: :quit! quits anyway, leave (or q) leaves the game first\n"))
    // The move after the refused quits was made; `q` asked, and `no` kept playing.
    #expect(output.contains("  2     | O |  "), "\(output)")
    #expect(output.contains("Alert: Quit this game?"), "\(output)")
    // `quit!` quit: the line after it was never handled.
    #expect(!output.contains("  3     |   | X"), "\(output)")
  }

  @Test func theNewGameScreenShowsTheScoreboardAfterEachFinishedGame() async throws {
    // Blob wins (top row), plays again, the second game ties, then Blob leaves a finished game
    // (no question asked) and the third is left in progress (not counted).
    let win = ["1 1", "2 1", "1 2", "2 2", "1 3"]
    let tie = ["1 1", "1 2", "1 3", "2 2", "2 1", "2 3", "3 2", "3 1", "3 3"]
    let result = try await text(
      Self.startGame + win + ["again"] + tie + ["leave", "play", "1 1", "leave", "yes"])
    #expect(result.status == 0)
    let output = result.standardOutput
    #expect(!output.contains("Alert: Quit this game?\n"))
    #expect(
      output.hasSuffix(
        "== New game ==\nX player: Blob\nO player: Blub\nScoreboard: Blob 1; ties 1\n"
          + "Commands: x NAME, o NAME, play, logout, help, quit\n"), "\(output)")
    #expect(output.components(separatedBy: "Alert: Quit this game?").count == 2)
  }

  @Test func commandsWithoutTheirArgumentGiveTheirUsage() async throws {
    let result = try await text(
      ["email", "password", "email a@b.c"] + ["password password", "login", "x", "o", "x Blob"])
    let messages = result.standardOutput.split(separator: "\n").filter { $0.hasPrefix("!") }
    #expect(
      messages == [
        "! usage: email ADDRESS", "! usage: password PASSWORD", "! usage: x NAME",
        "! usage: o NAME",
      ])
    #expect(result.standardOutput.contains("X player: Blob\n"))
  }

  @Test func movesAreTakenInTheFormsPeopleType() async throws {
    let result = try await text(Self.startGame + ["2 2", "11", "3,3", "1, 3", "2,2", "4 4"])
    #expect(result.standardOutput.contains("  1   O |   | O\n"), "\(result.standardOutput)")
    #expect(result.standardOutput.contains("  2     | X |  \n"))
    #expect(result.standardOutput.contains("  3     |   | X\n"))
    #expect(result.standardOutput.contains("! row 2, column 2 is taken\n"))
    #expect(result.standardOutput.contains("! row and column go from 1 to 3"))
  }

  @Test func anAlertComesFirst() async throws {
    let result = try await text([
      "email blob@pointfree.co", "password wrong", "login", "email changed@behind", "login", "ok",
      "email changed@after",
    ])
    let output = result.standardOutput
    #expect(output.contains("Alert: Unknown user or invalid password. (type ok)"))
    #expect(
      output.components(separatedBy: "! first dismiss the alert").count == 3, "\(output)")
    #expect(!output.contains("changed@behind"))
    #expect(output.contains("Email:    changed@after"))
  }

  @Test func aPipeSwitchesToJsonlWithoutTheTerminalWarning() async throws {
    let result = try await text([":frontend jsonl", #"{"command":"snapshot"}"#])
    #expect(!result.standardOutput.contains("jsonl takes JSON"))
    #expect(result.standardOutput.contains(#""type":"hello""#))
  }

  @Test func aSecondTerminalFrontEndIsRefusedBeforeAnythingStarts() async throws {
    let result = try await text([":quit"], arguments: ["--frontend", "text"])
    #expect(result.status == 2)
    #expect(result.standardOutput.isEmpty, "a screen was drawn first")
    #expect(result.standardError.contains("give it an output file as 'text:PATH'"))
  }

  @Test func twoObserversOnOneFileAreRefused() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("events").path
    let atStart = try await text(
      [":quit"],
      arguments: ["--frontend", "jsonl:\(file)", "--frontend", "text:+\(directory.path)//./events"])
    #expect(atStart.status == 2)
    #expect(atStart.standardOutput.isEmpty)
    #expect(
      atStart.standardError.contains(
        "tictactoe: --frontend text:+\(directory.path)//./events: its file is already written "
          + "by --frontend jsonl:\(file) (one observer per file)"))

    let other = directory.appendingPathComponent("other").path
    let later = try await text([
      ":attach jsonl:\(file)", ":attach text:\(directory.path)/./events", ":attach jsonl:\(other)",
      ":detach jsonl", ":detach jsonl:\(other)", ":detach text", ":detach nosuch",
    ])
    let messages = later.standardOutput.split(separator: "\n").filter { $0.hasPrefix("!") }
    #expect(
      messages == [
        "! cannot attach text:\(directory.path)/./events: its file is already written by jsonl "
          + "(one observer per file)",
        "! 2 observers are named 'jsonl' ('jsonl:\(file)', 'jsonl:\(other)'); "
          + "name one by its spec, e.g. :detach jsonl:\(file)",
        "! 'text' owns the terminal; switch to another front end instead",
        "! no attached observer is named 'nosuch'",
      ], "\(later.standardOutput)")
  }

  /// A directory no test and no machine has: `/nonexistent` may exist (it is `nobody`'s home).
  private static func missingDirectory() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("missing-\(UUID().uuidString)")
      .path
  }

  @Test func aMissingDirectoryIsNamedOnAttach() async throws {
    let missing = Self.missingDirectory()
    let result = try await text([":attach jsonl:\(missing)/x"])
    #expect(
      result.standardOutput.contains(
        "! cannot attach jsonl:\(missing)/x: no such directory: \(missing)\n"))
  }

  @Test func aMissingFrontEndDirectoryIsWarnedAbout() async throws {
    let missing = Self.missingDirectory()
    let result = try await text([":quit"], arguments: ["--frontend-dir", missing])
    #expect(result.status == 0)
    #expect(
      result.standardError.contains(
        "tictactoe: warning: --frontend-dir \(missing): no such directory"))
  }

  @Test func notFoundListsOnlyThePlacesSearched() async throws {
    let result = try await Fixtures.run(
      Fixtures.hostExecutable, ["--frontend", "nosuch"], environment: [:])
    #expect(result.status == 3)
    let directories = Fixtures.binDirectory.resolvingSymlinksInPath().path
    #expect(
      result.standardError.contains(
        "(looked for libtictactoe-nosuch.so in \(directories))"), "\(result.standardError)")
  }
}
