import Foundation
import TestSupport
import Testing
import TicTacToeFrontEndABI

/// The `tictactoe` executable as a user runs it: flags, exit codes, the text front end in a pipe.
@Suite struct HostProcessTests {
  @Test func helpExplainsTheOptionsAndExitCodes() async throws {
    let result = try await Fixtures.tictactoe(["--help"])
    #expect(result.status == 0)
    for word in [
      "--frontend SPEC", "--frontend-dir", "--list-frontends", "--auth-delay",
      "--settle-timeout", "TICTACTOE_FRONTEND_PATH", "EXIT STATUS", "--session FILE",
      "--record LOG", "replay LOG", "attach [PATH]", "help [COMMAND]",
    ] {
      #expect(result.standardOutput.contains(word), "--help does not mention \(word)")
    }
    let replay = try await Fixtures.tictactoe(["help", "replay"])
    #expect(replay.standardOutput.contains("--speed N"))
  }

  @Test func versionNamesTheABI() async throws {
    let result = try await Fixtures.tictactoe(["--version"])
    #expect(result.status == 0)
    #expect(
      result.standardOutput.contains(
        "front-end ABI \(TTT_ABI_VERSION_MAJOR).\(TTT_ABI_VERSION_MINOR)"))
  }

  @Test(arguments: [
    (["--bogus"], "unknown option '--bogus'"),
    (["--auth-delay"], "--auth-delay needs a value"),
    (["--auth-delay", "soon"], "--auth-delay takes a number of seconds"),
    (["--frontend"], "--frontend needs a value"),
    (["--speed", "2"], "--speed is for 'tictactoe replay LOG'"),
    (["replay", "log", "--speed", "2", "--step"], "--speed and --step cannot go together"),
    (["replay", "log", "--speed", "0"], "--speed takes a number from 0.001 to 1000, not '0'"),
    (["replay", "--frontend", "text"], "replay needs a LOG"),
    (["--session", ""], "--session needs a FILE"),
  ])
  func usageErrorsExitWithTwo(arguments: [String], message: String) async throws {
    let result = try await Fixtures.tictactoe(arguments)
    #expect(result.status == 2)
    #expect(result.standardError.contains(message))
    #expect(result.standardOutput.isEmpty)
  }

  @Test func noLoadableFrontEndExitsWithThree() async throws {
    let result = try await Fixtures.tictactoe([
      "--frontend", "nonexistent", "--frontend", "/no/such/lib.so",
    ])
    #expect(result.status == 3)
    #expect(result.standardError.contains("cannot load front end 'nonexistent'"))
    #expect(result.standardError.contains("cannot load front end '/no/such/lib.so': no such file"))
    #expect(result.standardError.contains("no front end could be loaded"))
  }

  @Test func oneBadFrontEndDoesNotStopTheOthers() async throws {
    let result = try await Fixtures.tictactoe(
      ["--frontend", "text", "--frontend", "/no/such/lib.so"], input: ":quit\n")
    #expect(result.status == 0)
    #expect(result.standardError.contains("cannot load front end '/no/such/lib.so': no such file"))
    #expect(result.standardOutput.contains("== Login =="))
  }

  @Test func listFrontEndsShowsNamesVersionsAndABI() async throws {
    let result = try await Fixtures.tictactoe(["--list-frontends"])
    #expect(result.status == 0)
    let lines = result.standardOutput.split(separator: "\n")
    for name in ["ansi", "jsonl", "text"] {
      let line = lines.first { $0.hasPrefix("\(name)\t") }
      let abi = "ABI \(TTT_ABI_VERSION_MAJOR).\(TTT_ABI_VERSION_MINOR)"
      #expect(line?.contains(abi) == true, "no \(abi) line for \(name)")
    }
  }

  @Test func aWholeGameThroughTheTextFrontEndInAPipe() async throws {
    let script = [
      "email blob@pointfree.co", "password password", "login", "x Blob", "o Blub", "play",
      "1 1", "3 2", "2 1", "2 2", "3 1", "1 2", "9 9",
    ].joined(separator: "\n")
    let result = try await Fixtures.tictactoe(
      ["--frontend", "text", "--auth-delay", "0"], input: script + "\n")
    #expect(result.status == 0)
    #expect(result.standardOutput.contains("== Winner! Congrats Blob! =="))
    #expect(result.standardOutput.contains("Play again?"))
    // The host's refusal, shown as it is.
    #expect(result.standardOutput.contains("! the game is over: Blob won"))
    #expect(result.standardOutput.contains("! row and column go from 1 to 3"))
    #expect(!result.standardOutput.contains("password\n"))
    #expect(result.standardOutput.contains("Password: ********"))
  }

  @Test func theDefaultFrontEndInAPipeIsText() async throws {
    let result = try await Fixtures.tictactoe([], input: "")
    #expect(result.status == 0)
    #expect(result.standardOutput.hasPrefix("== Login =="))
  }
}
