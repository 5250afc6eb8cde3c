import Foundation
import TestSupport
import Testing

/// A fatal signal sent from outside (`kill -SEGV` and the like) to a host that has no
/// terminal, standard input a pipe: the Swift runtime prints its crash report, and then the
/// process dies of that signal (it used to print the report and go on reading its input).
@Suite struct SentFatalSignalTests {
  @Test(arguments: [SIGSEGV, SIGABRT, SIGTRAP, SIGBUS, SIGILL, SIGFPE])
  func aHostReadingAPipeDiesOfASentFatalSignal(signal: Int32) async throws {
    let host = try PipedHost(["--frontend", "text", "--auth-delay", "0"])
    // Shown once the front end is attached: the host's handlers are in place by then.
    _ = try await onOwnThread { try host.waitForOutput("== Login ==") }
    kill(host.pid, signal)
    let ending = try await onOwnThread { host.waitForExit() }
    #expect(ending == .signaled(signal), "the host \(ending)")
    if CrashReport.isEnabled {
      let output = try await onOwnThread { host.allOutput() }
      #expect(output.contains("Program crashed"), "the crash report:\n\(output)")
    }
  }
}
