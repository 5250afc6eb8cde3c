import Foundation
import Persistence
import TestSupport
import Testing

/// `--session`'s saves run off the store thread: the state a host ends with is on disk when it
/// exits, whatever ends it, even with saves still under way when the end came.
@Suite struct SessionSavingTests {
  /// `count` email edits in JSON-lines, each a different state: `u1@b.c`, `u2@b.c`, ...
  private static func edits(_ count: Int) -> String {
    (1...count).map { #"{"action":"login.view.binding.email","value":"u\#($0)@b.c"}"# }
      .joined(separator: "\n") + "\n"
  }

  @Test func theEndOfInputSavesTheLastOfManyChanges() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let session = directory.appendingPathComponent("game")
    let result = try await Fixtures.run(
      Fixtures.hostExecutable,
      ["--frontend", "jsonl", "--auth-delay", "0", "--session", session.path],
      input: Data(Self.edits(5000).utf8))
    #expect(result.status == 0, "\(result.standardError)")
    // Nothing on standard error: the app's reducer, built after the first screen, is built
    // outside any reduction, so the library's check on bodies stays quiet.
    #expect(result.standardError.isEmpty, "\(result.standardError)")
    let lastState = result.standardOutput.split(separator: "\n").last { $0.contains(#""state""#) }
    #expect(lastState?.contains(#""email":"u5000@b.c""#) == true)
    let log = try SessionLog.contents(of: Array(Data(contentsOf: session)))
    let saved = String(decoding: log.snapshot, as: UTF8.self)
    #expect(saved.contains(#""email":"u5000@b.c""#), "saved: \(saved)")
  }

  /// The host gets SIGTERM while the save of the state it shows last is held at the saver's
  /// test gate (`TICTACTOE_TEST_SAVE_GATE`): it must wait for that save, then end with 143.
  @Test func sigtermDuringASaveWaitsForItAndEndsAsASignalDoes() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try await Fixtures.bash(
      """
      mkfifo in gate
      TICTACTOE_TEST_SAVE_GATE=gate $T --frontend jsonl --auth-delay 0 --session game \\
        < in > out 2> err & pid=$!
      exec 3> in
      echo '{"action":"login.view.binding.email","value":"u1@b.c"}' >&3
      # Each save shows its snapshot at the gate; earlier ones go on, u1's waits there.
      until case $(cat gate) in *u1@b.c*) true ;; *) echo go > gate; false ;; esac; do :; done
      grep -q u1@b.c out && echo "shown before its save"
      grep -q u1@b.c game 2> /dev/null && echo "saved before the gate opened"
      kill -TERM $pid
      echo open > gate
      wait $pid; echo "status=$?"
      exec 3>&-
      cat game
      """, in: directory)
    #expect(result.standardOutput.hasPrefix("status=143\n"), "\(result)")
    #expect(result.standardOutput.contains(#""email":"u1@b.c""#), "\(result)")
  }
}
