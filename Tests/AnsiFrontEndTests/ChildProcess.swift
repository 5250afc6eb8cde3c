import Foundation
import TestSupport

/// Runs a program to completion with its output in a file, from a clean signal state.
///
/// Foundation's `Process` starts children with the signal mask of the thread it is called on,
/// and the threads tests run on block most signals: a tmux server started that way ignores its
/// own `kill-server` (it stops itself with SIGTERM). Waiting for the child to exit instead of
/// for the end of a pipe also means a daemon that inherits the output cannot hang the test.
enum ChildProcess {
  /// Runs `executable` with `arguments`; returns its exit status and its output (standard
  /// output and standard error together).
  static func run(_ executable: String, _ arguments: [String]) throws -> (
    status: Int32, output: String
  ) {
    let outputPath = FileManager.default.temporaryDirectory
      .appendingPathComponent("ansi-test-output-\(UUID().uuidString)").path
    defer { unlink(outputPath) }

    let pid = try spawn(executable, arguments) { actions in
      posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
      posix_spawn_file_actions_addopen(
        &actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
      posix_spawn_file_actions_adddup2(&actions, 1, 2)
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    let exitStatus = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    return (exitStatus, output)
  }

  /// Starts `executable` with `arguments` and `environment`, no signal blocked and the usual
  /// ones at their default action, with the file actions `prepare` adds (its standard input,
  /// output and error) and no other descriptor of this process; returns its process id
  /// without waiting for it.
  static func spawn(
    _ executable: String, _ arguments: [String],
    environment: [String: String] = ProcessInfo.processInfo.environment,
    _ prepare: (inout posix_spawn_file_actions_t) -> Void
  ) throws -> pid_t {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGHUP, SIGINT, SIGQUIT, SIGPIPE, SIGTERM, SIGCHLD, SIGTSTP, SIGTTIN, SIGTTOU] {
      sigaddset(&defaults, signal)
    }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    prepare(&actions)
    // Nothing a parallel test has open (a host's input, above all) outlives that test in a
    // tmux server started here.
    let closing = GNUExtensions.addCloseFrom(&actions, 3)
    guard closing == 0 else {
      throw TmuxError(
        "cannot close the test's descriptors in a child: \(String(cString: strerror(closing)))")
    }

    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    let variables = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for variable in variables { free(variable) } }

    var pid = pid_t()
    let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, variables)
    guard spawned == 0 else {
      throw TmuxError("cannot start \(executable): \(String(cString: strerror(spawned)))")
    }
    return pid
  }
}
