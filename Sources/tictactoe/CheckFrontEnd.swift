import CMainQueueLoop
import FoundationEssentials
import FrontEndConformance
import FrontEndHost
import HostIO
import TicTacToeAppCore
import TicTacToeAuthenticationClient
import TicTacToeAuthenticationClientLive
import UnidirectionalFlow

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// `tictactoe check-frontend PATH`: the conformance check of a front-end library.
///
/// The command runs this executable again with `--check-child PATH --check-scratch DIR`; that
/// child loads the front end, runs ``ConformanceSuite`` and writes its events on standard
/// output, while the parent prints the result lines and reports a crash of the child as a
/// failure of the check that was running.
enum CheckFrontEnd {
  /// Runs the check of `target` (a path, or a stock name on `searchPath`) in a child process;
  /// returns the exit status: 0 if no check failed, 1 if one did, 2 for an unknown name.
  static func run(
    _ target: String, searchPath: FrontEndSearchPath, policy: FrontEndLoadPolicy
  ) -> Int32 {
    let path: String
    if FrontEndSpec(target).isPath {
      path = target
    } else if let located = searchPath.locate(target) {
      path = located
    } else {
      standardError(
        "tictactoe: no front end named '\(target)' (looked for "
          + "\(FrontEndSearchPath.fileName(for: target)) in "
          + searchPath.directories.joined(separator: ", ") + ")")
      return 2
    }
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("tictactoe-check-\(UUID().uuidString)")
    do {
      try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    } catch {
      standardError("tictactoe: cannot create \(scratch.path): \(error)")
      return 1
    }
    defer { try? FileManager.default.removeItem(at: scratch) }
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
    return ConformanceRunner.run(
      executable: executable,
      arguments: ["--check-child", path, "--check-scratch", scratch.path]
        + (policy.allowsUnsafeFiles ? ["--allow-unsafe-frontends"] : [])
    ) { line in
      // print, not FileHandle: a closed or broken standard output must not trap.
      print(line)
      fflush(nil)
    }
  }

  /// The child: runs the suite on the main run loop, writes each event as a line on what was
  /// standard output, and exits with 0 if no check failed, 1 otherwise.
  ///
  /// Standard output then points at a file in the scratch directory, so that whatever the
  /// front end prints cannot be mistaken for an event, and the suite can tell that an observer
  /// wrote there.
  static func runChild(
    path: String, scratch: String, searchPath: FrontEndSearchPath, policy: FrontEndLoadPolicy
  ) -> Never {
    let events = dup(1)
    _ = fcntl(events, F_SETFD, FD_CLOEXEC)
    let outputPath = scratch + "/standard-output"
    let file = open(outputPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    _ = dup2(file >= 0 ? file : 2, 1)
    if file >= 0 { close(file) }
    let standardOutput = file >= 0 ? outputPath : nil
    MainActor.assumeIsolated {
      let suite = ConformanceSuite(
        path: path, scratchDirectory: URL(fileURLWithPath: scratch), policy: policy,
        standardOutput: standardOutput,
        makeHost: {
          let store = Store(initialState: TicTacToe.State()) {
            TicTacToe()
          } withDependencies: {
            // The server answers without latency, so every effect finishes as soon as it runs.
            $0.authenticationClient = .live(latency: .zero)
          }
          let host = FrontEndHost(
            store: store, searchPath: searchPath, loop: PollingEventLoop.shared)
          host.loadPolicy = policy
          return host
        },
        report: { event in
          let line = Array((event.encoded + "\n").utf8)
          line.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
              let written = write(events, bytes.baseAddress! + offset, bytes.count - offset)
              guard written > 0 else { return }
              offset += written
            }
          }
        })
      Task { @MainActor in
        exit(await suite.run() ? ExitStatus.success : ExitStatus.checkFailed)
      }
    }
    main_queue_loop_run()
  }
}
