import Foundation
import TestSupport
import Testing

/// The command line as users of git and other Unix tools expect it: help for every command,
/// usage errors that name what is missing, `--` and `-`, and a man page and shell completions
/// that are written from the same table as the parser.
@Suite struct CommandLineTests {
  @Test(arguments: [
    (["help", "attach"], "USAGE: tictactoe attach [PATH]"),
    (["attach", "--help"], "USAGE: tictactoe attach [PATH]"),
    (["attach", "-h"], "USAGE: tictactoe attach [PATH]"),
    (["attach", "some.sock", "--bogus", "--help"], "USAGE: tictactoe attach [PATH]"),
    (["replay", "--help"], "USAGE: tictactoe replay LOG"),
    (["--frontend", "text", "replay", "-h"], "USAGE: tictactoe replay LOG"),
    (["check-frontend", "--help"], "USAGE: tictactoe check-frontend PATH"),
    (["help", "completion"], "USAGE: tictactoe completion SHELL"),
    (["help"], "COMMANDS:"),
    (["-h"], "EXIT STATUS:"),
  ])
  func everyCommandHasItsOwnHelp(arguments: [String], heading: String) async throws {
    let result = try await Fixtures.tictactoe(arguments)
    #expect(result.status == 0, "\(arguments): \(result.standardError)")
    #expect(result.standardOutput.contains(heading), "\(arguments): \(result.standardOutput)")
    #expect(result.standardError.isEmpty)
  }

  @Test func aCommandsHelpListsOnlyItsOwnOptions() async throws {
    let attach = try await Fixtures.tictactoe(["help", "attach"]).standardOutput
    #expect(attach.contains("--frontend SPEC"))
    #expect(attach.contains("--settle-timeout"))
    #expect(!attach.contains("--session"))
    #expect(!attach.contains("EXIT STATUS"))
    let replay = try await Fixtures.tictactoe(["help", "replay"]).standardOutput
    #expect(replay.contains("--speed N"))
    #expect(replay.contains("--step"))
  }

  @Test func helpLinesFitEightyColumns() async throws {
    for arguments in [["--help"], ["help", "attach"], ["help", "replay"]] {
      let help = try await Fixtures.tictactoe(arguments).standardOutput
      for line in help.split(separator: "\n") {
        #expect(line.count <= 80, "\(arguments): a line of \(line.count) columns: \(line)")
      }
    }
  }

  @Test(arguments: [
    (["attach", ""], "attach needs a PATH, not ''", "tictactoe help attach"),
    (["replay", "--frontend", "text"], "replay needs a LOG", "tictactoe help replay"),
    (["check-frontend"], "check-frontend needs a PATH", "tictactoe help check-frontend"),
    (["completion"], "completion needs a SHELL", "tictactoe help completion"),
    (["completion", "tcsh"], "completion knows bash, zsh, fish, not 'tcsh'", "help completion"),
    (["help", "bogus"], "no command named 'bogus'", "tictactoe help"),
    (["attach", "a.sock", "--session", "s"], "attach does not take --session", "help attach"),
    (["--step"], "--step is for 'tictactoe replay LOG'", "tictactoe help"),
    (["--", "replay"], "unexpected argument 'replay'", "tictactoe help"),
    (["--record", "-"], "--record needs a LOG: '-' would be standard input or output", "help"),
    (["replay", "-", "--step"], "the LOG cannot be standard input too", "help replay"),
    (["--version=2"], "--version takes no value", "tictactoe help"),
  ])
  func usageErrorsNameWhatIsMissingAndWhereToLook(
    arguments: [String], message: String, hint: String
  ) async throws {
    let result = try await Fixtures.tictactoe(arguments)
    #expect(result.status == 2)
    #expect(result.standardError.contains(message), "\(arguments): \(result.standardError)")
    #expect(result.standardError.contains(hint), "\(arguments): \(result.standardError)")
    #expect(result.standardOutput.isEmpty)
  }

  @Test func doubleDashEndsTheOptions() async throws {
    // A log whose name starts with '-' can be replayed after '--'.
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try await Fixtures.bash(
      #"printf 'not a log\n' > -odd.log; "$T" replay --frontend text -- -odd.log"#,
      in: directory)
    #expect(result.status == 8, "\(result.standardError)")
    #expect(result.standardError.contains("-odd.log:1"), "\(result.standardError)")
  }

  @Test func aFrontEndThatDoesNotStartIsExplainedForPeople() async throws {
    var environment = ProcessInfo.processInfo.environment
    environment["TERM"] = "dumb"
    environment["TICTACTOE_TRACE"] = nil
    let result = try await Fixtures.run(
      Fixtures.hostExecutable, ["--frontend", "ansi"], environment: environment)
    #expect(result.status == 3)
    #expect(result.standardError.contains("the front end 'ansi' did not start"))
    #expect(result.standardError.contains("'text' works in any terminal and pipe"))
    #expect(!result.standardError.contains("TTT_ERR"), "\(result.standardError)")
    #expect(!result.standardError.contains(".so"), "\(result.standardError)")
    environment["TICTACTOE_TRACE"] = "1"
    let traced = try await Fixtures.run(
      Fixtures.hostExecutable, ["--frontend", "ansi"], environment: environment)
    #expect(traced.standardError.contains("TTT_ERR_INVALID_ARGUMENT"), "the trace keeps the status")
  }

  @Test func aLogOnStandardInputIsReplayedOnceAndNotFedToTheFrontEnds() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try await Fixtures.bash(
      #"printf 'email blob@pointfree.co\npassword password\nlogin\n' "#
        + #"| "$T" --frontend text --auth-delay 0 --record rec.jsonl > /dev/null || exit 1; "#
        + #""$T" replay - --frontend jsonl < rec.jsonl > dash.jsonl || exit 2; "#
        + #"cat rec.jsonl | "$T" replay - --frontend jsonl > piped.jsonl || exit 3; "#
        + #""$T" replay /dev/stdin --frontend jsonl < rec.jsonl > named.jsonl || exit 4"#,
      in: directory)
    #expect(result.status == 0, "\(result.standardError)")
    for name in ["dash", "piped", "named"] {
      let events = try String(
        contentsOf: directory.appendingPathComponent("\(name).jsonl"), encoding: .utf8)
      #expect(!events.contains(#""type":"error""#), "\(name): \(events)")
      #expect(events.contains(#""newGame":{"#), "\(name): the replay did not log in")
    }
  }

  @Test func theManPageAndTheCompletionsAreTheOnesInTheRepository() async throws {
    let documents: [(arguments: [String], file: String)] = [
      (["--print-man-page"], "Documentation/tictactoe.1"),
      (["completion", "bash"], "Documentation/completions/tictactoe.bash"),
      (["completion", "zsh"], "Documentation/completions/_tictactoe"),
      (["completion", "fish"], "Documentation/completions/tictactoe.fish"),
    ]
    for document in documents {
      let result = try await Fixtures.tictactoe(document.arguments)
      #expect(result.status == 0)
      let committed = try String(
        contentsOf: Fixtures.repositoryRoot.appendingPathComponent(document.file),
        encoding: .utf8)
      let command = "tictactoe " + document.arguments.joined(separator: " ")
      #expect(
        result.standardOutput == committed,
        "\(document.file) differs from '\(command)': run 'make generated' and commit it")
    }
  }

  @Test func theManPageListsEveryOptionOfTheHelp() async throws {
    let help = try await Fixtures.tictactoe(["--help"]).standardOutput
    let page = try await Fixtures.tictactoe(["--print-man-page"]).standardOutput
    let options = Set(help.matches(of: /(?m)^  (?:-h, )?(--[a-z-]+)/).map { String($0.output.1) })
    #expect(options.count >= 10)
    for option in options {
      #expect(page.contains(option.replacing("-", with: "\\-")), "the man page lacks \(option)")
    }
    for status in 0...11 {
      #expect(page.contains(".B \(status)\n"), "the man page lacks exit status \(status)")
    }
  }

  @Test(arguments: [
    (["tictactoe", ""], "replay attach check-frontend completion help"),
    (["tictactoe", "--fr"], "--frontend --frontend-dir"),
    (["tictactoe", "attach", "--s"], "--settle-timeout"),
    (["tictactoe", "replay", "--st"], "--step"),
    (["tictactoe", "--frontend", "j"], "jsonl"),
    (["tictactoe", "help", "re"], "replay"),
    (["tictactoe", "completion", ""], "bash zsh fish"),
  ])
  func bashCompletesCommandsOptionsAndValues(words: [String], expected: String) async throws {
    let script = Fixtures.repositoryRoot
      .appendingPathComponent("Documentation/completions/tictactoe.bash").path
    let quoted = words.map { "'\($0)'" }.joined(separator: " ")
    let result = try await Fixtures.run(
      "/bin/bash",
      [
        "-c",
        "source '\(script)'; COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); "
          + "_tictactoe; echo \"${COMPREPLY[*]}\"",
      ])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput == expected + "\n", "\(words)")
  }

  @Test(
    .enabled(
      if: ["zsh", "fish"].allSatisfy {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/\($0)")
      },
      "zsh and fish are not installed (.ci/run installs them)"),
    arguments: [("zsh", "_tictactoe"), ("fish", "tictactoe.fish")])
  func zshAndFishReadTheirScripts(shell: String, file: String) async throws {
    let script = Fixtures.repositoryRoot.appendingPathComponent("Documentation/completions/\(file)")
    let result = try await Fixtures.run("/usr/bin/\(shell)", ["-n", script.path])
    #expect(result.status == 0, "\(shell) -n \(file): \(result.standardError)")
  }
}
