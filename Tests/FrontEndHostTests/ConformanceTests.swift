import Foundation
import FrontEndConformance
import FrontEndHost
import Testing
import TicTacToeFrontEndABI

/// `tictactoe check-frontend`, run as a user runs it: the stock front ends pass, and each
/// deliberately misbehaving fixture fails the check it breaks, with a message that says why.
@Suite struct ConformanceTests {
  /// What one run printed: its result lines, keyed by check title.
  struct Report {
    var status: Int32
    var lines: [String]
    var standardError: String

    /// The line of the check titled `title`.
    func line(_ title: String) -> String? {
      lines.first { $0.dropFirst(5).hasPrefix(title + ":") || $0.dropFirst(5) == title }
    }
  }

  private static let titles = ConformanceCheck.allCases.map(\.title)

  private func check(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) async throws
    -> Report
  {
    try #require(
      FileManager.default.isExecutableFile(atPath: Fixtures.hostExecutable),
      "\(Fixtures.hostExecutable) is missing; build it first (swift build)",
      sourceLocation: sourceLocation)
    let result = try await Fixtures.run(Fixtures.hostExecutable, ["check-frontend", path])
    return Report(
      status: result.status, lines: result.standardOutput.split(separator: "\n").map(String.init),
      standardError: result.standardError)
  }

  /// Expects one line per check, in order, each passing but the terminal check (standard input
  /// is a pipe here).
  private func expectPasses(_ report: Report, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(report.status == 0, "\(report.lines)", sourceLocation: sourceLocation)
    let expected = Self.titles.map { title in
      title == ConformanceCheck.terminalRestored.title
        ? "skip \(title): standard input is not a terminal" : "ok   \(title)"
    }
    #expect(report.lines == expected, sourceLocation: sourceLocation)
  }

  /// Expects `title` to fail with a reason containing each of `reasons`, and the exit status 1.
  private func expectFailure(
    _ report: Report, _ check: ConformanceCheck, _ reasons: String...,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(report.status == 1, sourceLocation: sourceLocation)
    #expect(
      report.lines.count == Self.titles.count, "\(report.lines)", sourceLocation: sourceLocation)
    let line = report.line(check.title) ?? "(no line for \(check.title))"
    #expect(line.hasPrefix("FAIL \(check.title): "), "\(line)", sourceLocation: sourceLocation)
    for reason in reasons {
      #expect(line.contains(reason), "\(line)", sourceLocation: sourceLocation)
    }
  }

  // MARK: Passing

  @Test(arguments: ["text", "jsonl", "ansi"])
  func stockFrontEndPasses(name: String) async throws {
    expectPasses(try await check(try Fixtures.stockFrontEnd(name)))
  }

  /// `web` runs an HTTP server on threads of its own: detach stops them, and the check sees
  /// them go. (The package builds it where libmicrohttpd's header is installed.)
  @Test(
    .enabled(
      if: FileManager.default.fileExists(
        atPath: Fixtures.binDirectory.appendingPathComponent("libtictactoe-web.so").path)))
  func webFrontEndPassesWithItsThreads() async throws {
    expectPasses(try await check(try Fixtures.stockFrontEnd("web")))
  }

  @Test(
    .enabled(
      if: FileManager.default.fileExists(
        atPath: Fixtures.binDirectory.appendingPathComponent("libtictactoe-example.so").path)))
  func exampleCFrontEndPasses() async throws {
    expectPasses(try await check(try Fixtures.stockFrontEnd("example")))
  }

  @Test func wellBehavedCFixturePasses() async throws {
    expectPasses(try await check(try await Fixtures.compile("misbehaving.c")))
  }

  /// Issue 12, defect 1: `TTT_OK` with `*out_instance` left NULL is legal, and the host (and
  /// the check) cope with it.
  @Test func aFrontEndWithANullInstancePasses() async throws {
    expectPasses(
      try await check(try await Fixtures.compile("misbehaving.c", defines: ["NULL_INSTANCE"])))
  }

  @Test func stockNameIsFoundOnTheSearchPath() async throws {
    expectPasses(try await check("text"))
  }

  // MARK: One failure per check

  @Test func badDescriptor() async throws {
    let report = try await check(
      try await Fixtures.compile("broken.c", defines: ["BROKEN_NULL_NAME"]))
    expectFailure(report, .descriptor, "its descriptor has no valid name")
    #expect(report.line("abi version") == "ok   abi version")
    #expect(report.line("attach renders") == "skip attach renders: the host refuses to load it")
  }

  @Test func descriptorTooSmall() async throws {
    let report = try await check(
      try await Fixtures.compile("broken.c", defines: ["BROKEN_SMALL_STRUCT"]))
    expectFailure(report, .descriptor, "its descriptor is 12 bytes")
  }

  @Test func noEntrySymbol() async throws {
    let report = try await check(
      try await Fixtures.compile("broken.c", defines: ["BROKEN_NO_ENTRY"]))
    expectFailure(report, .descriptor, "does not export the entry symbol")
    expectFailure(
      report, .exports,
      "it exports 1 symbol besides tictactoe_frontend_entry: "
        + "not_the_entry_symbol")
  }

  @Test func otherMajorVersion() async throws {
    let report = try await check(
      try await Fixtures.compile("broken.c", defines: ["BROKEN_ABI_MAJOR"]))
    let ours = "\(TTT_ABI_VERSION_MAJOR).\(TTT_ABI_VERSION_MINOR)"
    expectFailure(
      report, .abiVersion, "built for front-end ABI \(TTT_ABI_VERSION_MAJOR + 1).",
      "this host implements ABI \(ours)")
    #expect(
      report.line("descriptor")?.hasPrefix("skip descriptor: it was built for ABI 2.") == true)
  }

  @Test func newerMinorVersion() async throws {
    let report = try await check(
      try await Fixtures.compile("broken.c", defines: ["BROKEN_ABI_MINOR"]))
    expectFailure(
      report, .abiVersion, "ABI 1.\(TTT_ABI_VERSION_MINOR + 7), a newer minor version",
      "this host implements ABI 1.\(TTT_ABI_VERSION_MINOR)")
    #expect(report.line("descriptor") == "ok   descriptor")
  }

  @Test func extraExports() async throws {
    let report = try await check(
      try await Fixtures.compile("misbehaving.c", defines: ["MISBEHAVE_EXPORTS_EXTRA"]))
    expectFailure(
      report, .exports,
      "it exports 2 symbols besides tictactoe_frontend_entry: misbehaving_render_count, "
        + "misbehaving_renders;")
    #expect(report.lines.filter { $0.hasPrefix("FAIL") }.count == 1)
  }

  @Test func attachFails() async throws {
    let report = try await check(
      try await Fixtures.compile("broken.c", defines: ["BROKEN_ATTACH_FAILS"]))
    expectFailure(
      report, .attach, "attach callback failed with TTT_ERR_UNSUPPORTED (5)",
      "[broken] error: the fixture refuses to attach")
    for title in Self.titles.drop(while: { $0 != "attach renders" }).dropFirst() {
      #expect(report.line(title) == "skip \(title): attach failed")
    }
  }

  @Test func errorLoggedOnAStateChange() async throws {
    let report = try await check(
      try await Fixtures.compile("misbehaving.c", defines: ["MISBEHAVE_LOGS_ERROR"]))
    expectFailure(
      report, .stateChanges,
      "it logged an error while the login alert was shown: tictactoe: [misbehaving] error: "
        + "cannot draw the alert")
  }

  @Test func crashOnAStateChange() async throws {
    let report = try await check(
      try await Fixtures.compile("misbehaving.c", defines: ["MISBEHAVE_CRASHES_IN_GAME"]))
    expectFailure(
      report, .stateChanges, "crashed with signal 11 (SIGSEGV) while the game was shown")
    #expect(report.line("attach renders") == "ok   attach renders")
    #expect(
      report.line("no callback after detach")
        == "skip no callback after detach: the front end crashed during 'survives state changes'")
  }

  @Test func subscriptionLeftAfterDetach() async throws {
    let report = try await check(
      try await Fixtures.compile("misbehaving.c", defines: ["MISBEHAVE_LEAKS_SUBSCRIPTION"]))
    expectFailure(
      report, .subscriptionsEnded,
      "1 subscription was still registered after detach returned; call unsubscribe in detach")
  }

  @Test func observerWritingToStandardOutput() async throws {
    let report = try await check(
      try await Fixtures.compile("misbehaving.c", defines: ["MISBEHAVE_WRITES_STDOUT"]))
    expectFailure(
      report, .standardOutputUntouched, "it wrote", "bytes to standard output",
      "TTT_FRONTEND_WRITES_TERMINAL")
    // Its lines went nowhere near the report.
    #expect(report.lines.allSatisfy { !$0.hasPrefix("login") && !$0.hasPrefix("new game") })
  }

  @Test func outputAfterDetach() async throws {
    let report = try await check(
      try await Fixtures.compile("misbehaving.c", defines: ["MISBEHAVE_WRITES_AFTER_DETACH"]))
    expectFailure(report, .quietAfterDetach, "its output file grew by", "after detach returned")
    // Its writer is a thread it started in attach and never stops.
    expectFailure(
      report, .threadsStopped,
      "1 thread it started while attaching still ran after detach returned (tick)",
      "stop and join them in detach")
  }

  /// Runs under a pseudo-terminal (`script`), so that standard input is a terminal.
  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
  func terminalLeftChanged() async throws {
    let fixture = try await Fixtures.compile("misbehaving.c", defines: ["MISBEHAVE_KEEPS_TERMINAL"])
    let command = [Fixtures.hostExecutable, "check-frontend", fixture].map(shellQuoted)
      .joined(separator: " ")
    let result = try await Fixtures.run("/usr/bin/script", ["-qec", command, "/dev/null"])
    let report = Report(
      status: result.status,
      lines: result.standardOutput.split(whereSeparator: \.isNewline).map(String.init),
      standardError: result.standardError)
    expectFailure(
      report, .terminalRestored, "ECHO and ICANON turned off",
      "restore the terminal modes in detach")
  }

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
  func wellBehavedCFixturePassesTheTerminalCheckInATerminal() async throws {
    let fixture = try await Fixtures.compile("misbehaving.c")
    let command = [Fixtures.hostExecutable, "check-frontend", fixture].map(shellQuoted)
      .joined(separator: " ")
    let result = try await Fixtures.run("/usr/bin/script", ["-qec", command, "/dev/null"])
    #expect(result.status == 0, "\(result.standardOutput)")
    #expect(result.standardOutput.contains("ok   detach restores the terminal"))
  }

  // MARK: The command line

  @Test func missingFileFails() async throws {
    let report = try await check("/no/such/libfrontend.so")
    expectFailure(report, .descriptor, "no such file")
    expectFailure(report, .exports, "cannot read its symbols")
  }

  @Test func unknownStockNameIsAUsageError() async throws {
    let result = try await Fixtures.run(Fixtures.hostExecutable, ["check-frontend", "nonexistent"])
    #expect(result.status == 2)
    #expect(result.standardError.contains("no front end named 'nonexistent'"))
    #expect(result.standardOutput.isEmpty)
  }

  @Test func missingPathIsAUsageError() async throws {
    let result = try await Fixtures.run(Fixtures.hostExecutable, ["check-frontend"])
    #expect(result.status == 2)
    #expect(result.standardError.contains("check-frontend needs a PATH"))
  }

  @Test func helpMentionsTheCommand() async throws {
    let result = try await Fixtures.run(Fixtures.hostExecutable, ["--help"])
    #expect(result.standardOutput.contains("check-frontend PATH"))
    #expect(!result.standardOutput.contains("--check-child"))
  }
}

/// `'text'` for a POSIX shell.
private func shellQuoted(_ text: String) -> String {
  "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
}
