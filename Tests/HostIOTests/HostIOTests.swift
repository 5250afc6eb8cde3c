import Foundation
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The host's I/O edges, as a script or a hostile user meets them: real processes, pipes,
/// FIFOs, files and signals. Each test runs `bash` with `$T` set to the built `tictactoe`, in a
/// directory of its own; `timeout` bounds every run, so a hang fails the test (status 124)
/// instead of stalling the suite.
@Suite struct HostIOTests {
  let directory: URL

  init() throws {
    directory = try Fixtures.temporaryDirectory()
  }

  private func bash(_ script: String) async throws -> (
    status: Int32, standardOutput: String, standardError: String
  ) {
    try await Fixtures.bash(script, in: directory)
  }

  private static let snapshot = #"{"command":"snapshot"}"#
  private static let setEmail = #"{"action":"login.view.binding.email","value":"a@b.c"}"#

  // Row 1: diagnostics that cannot be written.

  @Test func aFailedDiagnosticNeitherTrapsNorChangesTheStatus() async throws {
    let result = try await bash(
      """
      timeout 20 "$T" --bogus-flag 2>/dev/full; echo "usage=$?"
      printf '%s\\n' '\(Self.setEmail)' | TICTACTOE_TRACE=1 timeout 20 "$T" --frontend jsonl \
        2>&- >/dev/null; echo "closed=$?"
      printf '%s\\n' '\(Self.setEmail)' | TICTACTOE_TRACE=1 timeout 20 "$T" --frontend jsonl \
        2>/dev/full >/dev/null; echo "full=$?"
      """)
    #expect(result.standardOutput == "usage=2\nclosed=0\nfull=0\n")
  }

  // Row 2: the input belongs to the host.

  @Test func aScriptThatSwitchesFrontEndsMidStreamLosesNoLine() async throws {
    let result = try await bash(
      """
      printf '%s\\n' 'email a@b.c' ':frontend jsonl' \
        '{"action":"login.view.binding.email","value":"z@z.z"}' \
        '{"command":"frontend","name":"text"}' 'email q@q.q' ':quit' \
        | timeout 20 "$T" --frontend text --auth-delay 0
      """)
    #expect(result.status == 0, "\(result.standardError)")
    let output = result.standardOutput
    let text1 = try #require(output.range(of: "Email:    a@b.c"))
    let json = try #require(output.range(of: #""email":"z@z.z""#))
    let text2 = try #require(output.range(of: "Email:    q@q.q"))
    #expect(text1.upperBound <= json.lowerBound && json.upperBound <= text2.lowerBound)
    #expect(!output.contains(#""type":"error""#))
    #expect(!output.contains("! "), "the text front end refused a line")
  }

  // Row 3: an observer whose reader leaves.

  @Test func anObserverWhoseReaderLeavesIsDetachedAndTheGameGoesOn() async throws {
    let result = try await bash(
      """
      mkfifo obs
      exec 3<>obs
      head -n1 <&3 >/dev/null & reader=$!
      exec 3<&-
      { printf '%s\\n' '\(Self.snapshot)'; tail --pid=$reader -s 0.02 -f /dev/null
        printf '%s\\n' '\(Self.setEmail)' '\(Self.snapshot)'; } \
        | timeout 20 "$T" --frontend jsonl --frontend "jsonl:$PWD/obs"
      """)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardError.contains("detaching jsonl: cannot write \(directory.path)/obs"))
    #expect(result.standardError.contains("Broken pipe"))
    let lastLine = result.standardOutput.split(separator: "\n").last ?? ""
    #expect(lastLine.contains(#""email":"a@b.c""#), "the game went on after the observer left")
  }

  // Row 4: FIFOs with no reader, and a stalled reader of standard output.

  @Test func aFIFOWithNoReaderIsRefusedAtOnce() async throws {
    let result = try await bash(
      """
      mkfifo obs lib.so
      printf '%s\\n' '\(Self.setEmail)' | timeout 20 "$T" --frontend jsonl --frontend jsonl:obs
      echo "observer=$?"
      timeout 20 "$T" --frontend "$PWD/lib.so" </dev/null; echo "library=$?"
      """)
    #expect(result.standardOutput.contains(#""email":"a@b.c""#))
    #expect(result.standardOutput.contains("observer=0\n"))
    #expect(
      result.standardError.contains("cannot write obs: it is a FIFO that no process is reading"))
    #expect(result.standardOutput.contains("library=3\n"))
    #expect(result.standardError.contains("is not a regular file"))
  }

  @Test func sigtermEndsAHostWhoseReaderStoppedReading() async throws {
    let executable = Fixtures.hostExecutable
    let outcome = try await onOwnThread { () throws -> (status: Int32, watchdogFired: Bool) in
      let process = Process()
      process.executableURL = URL(fileURLWithPath: executable)
      process.arguments = ["--frontend", "jsonl"]
      let input = Pipe()
      let output = Pipe()
      process.standardInput = input
      process.standardOutput = output
      process.standardError = FileHandle.nullDevice
      try process.run()
      let writer = input.fileHandleForWriting
      writeInBackground(
        Data(String(repeating: Self.snapshot + "\n", count: 200_000).utf8), to: writer)
      // Wait until standard output is full: the host now has output it cannot write.
      let reader = output.fileHandleForReading.fileDescriptor
      var waiting: Int32 = 0
      for _ in 0..<2000 {
        _ = ioctl(reader, UInt(FIONREAD), &waiting)
        if waiting >= 60_000 { break }
        _ = poll(nil, 0, 10)
      }
      kill(process.processIdentifier, SIGTERM)
      let watchdog = Atomic<Bool>(false)
      let pid = process.processIdentifier
      let exited = DispatchSemaphore(value: 0)
      // A guard against a host that never acts on the signal, not a timing: under
      // ThreadSanitizer on a loaded machine, getting through the input read already took 9 s.
      Thread.detachNewThread {
        if exited.wait(timeout: .now() + 60) == .timedOut {
          watchdog.store(true, ordering: .relaxed)
          kill(pid, SIGKILL)
        }
      }
      process.waitUntilExit()
      exited.signal()
      return (process.terminationStatus, watchdog.load(ordering: .relaxed))
    }
    #expect(!outcome.watchdogFired, "SIGTERM was not acted on while standard output was full")
    #expect(outcome.status == 128 + SIGTERM)
  }

  // Row 5: outputs that fail.

  @Test func aFailedStandardOutputEndsTheHostWithStatusFour() async throws {
    let result = try await bash(
      """
      yes '\(Self.snapshot)' | head -n 100000 > many
      # The verdict is the exit status; the timeout only keeps a hung host from hanging the
      # suite, generous enough for any load (the host notices within 64 KiB of output).
      (trap '' PIPE; timeout 600 "$T" --frontend jsonl < many | head -1 >/dev/null
       echo "pipe=${PIPESTATUS[0]}")
      timeout 600 "$T" --frontend jsonl < many > /dev/full; echo "full=$?"
      timeout 600 "$T" --frontend jsonl < many >&-; echo "closed=$?"
      """)
    #expect(result.standardOutput == "pipe=4\nfull=4\nclosed=4\n")
    // A reader that left is not an error to report, as with jq and git.
    // (`yes`, whose SIGPIPE the test process ignores, may say so itself.)
    let hostLines = result.standardError.split(separator: "\n").filter {
      $0.hasPrefix("tictactoe:")
    }
    #expect(!hostLines.contains { $0.contains("Broken pipe") }, "\(hostLines)")
    #expect(result.standardError.contains("cannot write standard output: No space left on device"))
    #expect(result.standardError.contains("cannot write standard output: Bad file descriptor"))
  }

  @Test func anObserverOnAFullDiskIsDetachedAndTheGameGoesOn() async throws {
    let result = try await bash(
      """
      printf '%s\\n' '\(Self.setEmail)' \
        | timeout 20 "$T" --frontend jsonl --frontend jsonl:/dev/full --frontend text:/dev/full
      """)
    #expect(result.status == 0)
    #expect(
      result.standardError.contains("detaching jsonl: cannot write /dev/full: No space left"))
    #expect(
      result.standardError.contains("detaching text: cannot write /dev/full: No space left"))
    #expect(result.standardOutput.contains(#""email":"a@b.c""#))
  }

  // Row 6: effects abandoned at the end.

  @Test(arguments: [true, false])
  func effectsStillRunningAtQuitAreReportedWithStatusSix(quitCommand: Bool) async throws {
    let lines = [
      Self.setEmail, #"{"action":"login.view.binding.password","value":"password"}"#,
      #"{"action":"login.view.loginButtonTapped"}"#,
    ]
    let script = (lines + (quitCommand ? [#"{"command":"quit"}"#] : []))
      .map { "'\($0)'" }.joined(separator: " ")
    // A settle timeout of 0: the exit is checked here end to end, the wait for the timeout on
    // the loop's clock in HostTimeoutTests, without real time.
    let result = try await bash(
      """
      printf '%s\\n' \(script) \
        | timeout 20 "$T" --frontend jsonl --auth-delay 30 --settle-timeout 0
      """)
    #expect(result.status == 6)
    let lastLine = result.standardOutput.split(separator: "\n").last ?? ""
    #expect(lastLine.contains(#""type":"error""#))
    #expect(lastLine.contains("still running at the settle timeout"))
    #expect(result.standardError.contains("1 effect: the login request still running"))
  }

  // Row 7: observer files opened with care.

  @Test func observerFilesAreNeverWrittenThroughALink() async throws {
    let result = try await bash(
      """
      ln -s precious obs.jsonl
      printf '%s\\n' '\(Self.setEmail)' | timeout 20 "$T" --frontend jsonl --frontend jsonl:obs.jsonl
      echo "status=$?"; test -e precious && echo "created precious"
      """)
    #expect(result.standardOutput.hasSuffix("status=0\n"))
    #expect(result.standardError.contains("cannot write obs.jsonl: it is a symbolic link"))
  }

  @Test func theLinksToTheProcesssOwnDescriptorsAreFollowed() async throws {
    let result = try await bash(
      """
      printf '%s\\n' '\(Self.setEmail)' | timeout 20 "$T" --frontend jsonl \
        --frontend jsonl:/dev/stderr >/dev/null
      """)
    #expect(result.status == 0)
    #expect(result.standardError.contains(#""email":"a@b.c""#))
  }

  @Test(.enabled(if: geteuid() == 0, "only root can give a file to another user"))
  func anotherUsersFileIsRefusedAndLeftAlone() async throws {
    let result = try await bash(
      """
      echo theirs > obs.jsonl; chown 65534 obs.jsonl
      printf '%s\\n' '\(Self.setEmail)' | timeout 20 "$T" --frontend jsonl --frontend jsonl:obs.jsonl
      echo "status=$?"; cat obs.jsonl
      """)
    #expect(result.standardOutput.hasSuffix("status=0\ntheirs\n"))
    #expect(result.standardError.contains("cannot write obs.jsonl: it belongs to another user"))
  }

  @Test func observerFilesAreCreatedPrivateAndTruncatedUnlessAppended() async throws {
    let result = try await bash(
      """
      for run in 1 2; do
        printf '%s\\n' '\(Self.setEmail)' \
          | timeout 20 "$T" --frontend jsonl --frontend jsonl:new.jsonl --frontend jsonl:+log.jsonl \
          >/dev/null
      done
      stat -c %a new.jsonl log.jsonl
      grep -c '"type":"hello"' new.jsonl log.jsonl
      """)
    #expect(
      result.standardOutput == "600\n600\nnew.jsonl:1\nlog.jsonl:2\n", "\(result.standardError)")
  }

  // Row 9: input that cannot be read.

  @Test func anUnreadableInputEndsTheHostWithStatusFive() async throws {
    let result = try await bash(
      """
      timeout 20 "$T" --frontend jsonl < . >/dev/null; echo "directory=$?"
      timeout 20 "$T" --frontend jsonl <&- >/dev/null; echo "closed=$?"
      """)
    #expect(result.standardOutput == "directory=5\nclosed=5\n")
    #expect(result.standardError.contains("cannot read standard input: Is a directory"))
    #expect(result.standardError.contains("standard input was closed when tictactoe started"))
  }

  // Row 10: paths with ':'.

  @Test func aLibraryPathWithAColonLoadsAndAMissingOneExplainsTheSplit() async throws {
    let library = try Fixtures.stockFrontEnd("text")
    let result = try await bash(
      """
      mkdir 'a:b' && cp '\(library)' 'a:b/libx.so'
      echo ':quit' | timeout 20 "$T" --frontend "$PWD/a:b/libx.so"; echo "whole=$?"
      echo '\(Self.setEmail)' | timeout 20 "$T" --frontend jsonl \
        --frontend "$PWD/a:b/libx.so:$PWD/out.txt" >/dev/null; echo "argument=$?"
      grep -c 'Email:    a@b.c' out.txt
      timeout 20 "$T" --frontend './x:y/liby.so' </dev/null; echo "missing=$?"
      """)
    #expect(result.standardOutput.contains("== Login =="))
    #expect(result.standardOutput.contains("whole=0\nargument=0\n1\nmissing=3\n"))
    #expect(result.standardError.contains("was split at ':' into the path './x' and the argument"))
  }

  // ABI 1.1 front ends: still loaded, handed their input, and ended as before.

  @Test func aFrontEndBuiltForABI11StillPlaysAWholeGame() async throws {
    let library = try await Fixtures.compile("legacy.c")
    let result = try await bash(
      """
      printf '%s\\n' 'email blob@pointfree.co' 'password password' login 'x Blob' 'o Blub' play \
        '2 2' ':quit' | timeout 20 "$T" --frontend '\(library)' --auth-delay 0
      """)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains("== Blub, place your O =="))
    #expect(result.standardOutput.contains(" 2     | X |  "))
  }
}
