import Foundation
import Testing

extension EndToEnd {
  /// The terminal is given back exactly as it was: on quit, on Ctrl-C, on SIGTERM, SIGHUP and
  /// SIGQUIT, on Ctrl-Z (and taken again on `fg`), when another front end crashes the host,
  /// and when a fatal signal is sent from outside; and the screen follows resizes.
  @Suite struct TerminalRestoreTests {
    private func expectRestored(_ session: TictactoeSession) throws {
      let modes = try session.terminalModes()
      #expect(modes.before == modes.after, "stty -g differs after exit")
      #expect(try session.tmux.format("#{alternate_on} #{cursor_flag}") == "0 1")
      let screen = try session.tmux.screen()
      #expect(!screen.contains("TicTacToe ·"), "the alternate screen is gone:\n\(screen)")
    }

    @Test func ctrlCQuitsAndRestores() async throws {
      let session = try TictactoeSession()
      try await session.tmux.waitFor("TicTacToe · Login")
      #expect(try session.tmux.format("#{alternate_on} #{cursor_flag}") == "1 0")
      try session.tmux.keys("C-c")
      #expect(try await session.waitForExit() == 130)
      try expectRestored(session)
    }

    @Test(arguments: [SIGTERM, SIGHUP, SIGQUIT])
    func aSignalMidGameQuitsAndRestores(signal: Int32) async throws {
      let session = try TictactoeSession()
      try await session.startGame()
      try Processes.signalTictactoe(in: session.tmux, signal)
      #expect(try await session.waitForExit() == 128 + Int(signal))
      try expectRestored(session)
    }

    /// An observer that crashes when the game starts kills the host, mid-game, with the ansi
    /// front end in raw mode on the alternate screen. The host's crash guard puts the terminal
    /// back, then the process dies of the signal as before, after the Swift runtime's crash
    /// report (made non-interactive here so that it does not wait for a key). Where the report
    /// is turned off (`Scripts/sanitize.sh` does: the runtime's crash handler trips the
    /// sanitizers), only the terminal and the signal are checked.
    @Test(arguments: [
      ("MISBEHAVE_ABORTS_IN_GAME", SIGABRT, "Aborted"),
      ("MISBEHAVE_CRASHES_IN_GAME", SIGSEGV, "Bad pointer dereference"),
    ])
    func aFrontEndThatCrashesTheHostLeavesTheTerminalRestored(
      define: String, signal: Int32, report: String
    ) async throws {
      let crashing = try MisbehavingFrontEnd(define)
      let session = try TictactoeSession(
        arguments: "--frontend ansi --frontend \(crashing.spec) --auth-delay 0",
        environment: CrashReport.isEnabled ? "SWIFT_BACKTRACE=interactive=no,color=no" : "")
      try await session.requestGame()
      #expect(try await session.waitForExit() == 128 + Int(signal))
      try expectRestored(session)
      if CrashReport.isEnabled {
        let history = try session.tmux.history()
        #expect(history.contains("Program crashed: \(report)"), "the crash report:\n\(history)")
      }
    }

    /// A fatal signal sent from outside (`kill -SEGV`, `kill -ABRT`, `kill -TRAP`) mid-game,
    /// with the ansi front end in raw mode on the alternate screen: the guard puts the
    /// terminal back, the Swift runtime prints its crash report, and the process dies of the
    /// signal. (The runtime's handler returns after its report, and the host used to go on
    /// running, on a terminal it had given back.)
    @Test(arguments: [SIGSEGV, SIGABRT, SIGTRAP])
    func aFatalSignalSentMidGameRestoresTheTerminalAndKills(signal: Int32) async throws {
      let session = try TictactoeSession(
        environment: CrashReport.isEnabled ? "SWIFT_BACKTRACE=interactive=no,color=no" : "")
      try await session.startGame()
      try Processes.signalTictactoe(in: session.tmux, signal)
      #expect(try await session.waitForExit() == 128 + Int(signal))
      try expectRestored(session)
      if CrashReport.isEnabled {
        let history = try session.tmux.history()
        #expect(history.contains("Program crashed"), "the crash report:\n\(history)")
      }
    }

    @Test func suspendAndResume() async throws {
      let tmux = try Tmux(command: "env PS1='$ ' sh -i")
      let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("ansi-suspend-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: directory) }
      let mode = { (name: String) in directory.appendingPathComponent(name).path }
      try await tmux.waitFor("$")
      try tmux.type(
        "stty -g > \(mode("before")); \(BuildProducts.tictactoe) --frontend ansi --auth-delay 0")
      try tmux.keys("Enter")
      try await tmux.waitFor("TicTacToe · Login")
      try tmux.type("blob")
      try await tmux.waitFor("› Email    blob")

      try tmux.keys("C-z")
      try await tmux.waitFor("Stopped")
      #expect(try tmux.format("#{alternate_on} #{cursor_flag}") == "0 1")
      try tmux.type("stty -g > \(mode("suspended")); echo saved")
      try tmux.keys("Enter")
      try await tmux.waitFor("\nsaved")
      let before = try String(contentsOfFile: mode("before"), encoding: .utf8)
      #expect(try String(contentsOfFile: mode("suspended"), encoding: .utf8) == before)

      try tmux.type("fg")
      try tmux.keys("Enter")
      let resumed = try await tmux.waitFor("TicTacToe · Login")
      #expect(resumed.contains("› Email    blob"), "redrawn in full with the state kept")
      #expect(try tmux.format("#{alternate_on} #{cursor_flag}") == "1 0")
      try tmux.type("@pointfree.co")
      try await tmux.waitFor("› Email    blob@pointfree.co")
      try tmux.keys("C-c")
      // A fresh prompt on the last line: the old ones above show as soon as the alternate
      // screen is left, before the host has exited (slow under a sanitizer).
      try await tmux.waitForScreen("the shell's prompt") { screen in
        !screen.contains("TicTacToe ·")
          && screen.split(separator: "\n").last { !$0.allSatisfy(\.isWhitespace) }?.hasPrefix("$")
            == true
      }
      try tmux.type("stty -g > \(mode("after")); echo done")
      try tmux.keys("Enter")
      try await tmux.waitFor("\ndone")
      #expect(try String(contentsOfFile: mode("after"), encoding: .utf8) == before)
    }

    @Test func resizeRedrawsAtTheNewSize() async throws {
      let session = try TictactoeSession()
      let tmux = session.tmux
      try await session.startGame()
      try tmux.keys("Enter")
      try await session.waitForBoard(".../.X./...")
      try tmux.run(["resize-window", "-x", "50", "-y", "16"])
      let small = try await session.waitForBoard(".../.X./...")
      #expect(Tmux.rows(of: small) == 16)
      try tmux.run(["resize-window", "-x", "16", "-y", "4"])
      try await tmux.waitForScreen("a tiny screen") {
        Tmux.rows(of: $0) == 4
      }
      try tmux.run(["resize-window", "-x", "100", "-y", "30"])
      let large = try await session.waitForBoard(".../.X./...")
      #expect(large.contains("TicTacToe · Game"))
      try tmux.keys("C-c")
      #expect(try await session.waitForExit() == 130)
    }
  }
}

/// Child processes, read from `/proc`.
enum Processes {
  /// Sends `signal` to `tictactoe`, the child of the script running in the pane.
  static func signalTictactoe(in tmux: Tmux, _ signal: Int32) throws {
    let output = try tmux.run(["list-panes", "-F", "#{pane_pid}"])
    let script = try #require(Int32(output.trimmingCharacters(in: .whitespacesAndNewlines)))
    let child = try #require(children(of: script).first)
    kill(child, signal)
  }

  /// The ids of the processes whose parent is `parent`.
  static func children(of parent: Int32) -> [Int32] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap(Int32.init).filter { pid in
      guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let afterName = stat.range(of: ") ", options: .backwards)
      else { return false }
      // After "pid (name) ": state, then the parent's id.
      let fields = stat[afterName.upperBound...].split(separator: " ")
      return fields.count > 1 && Int32(fields[1]) == parent
    }
  }
}
