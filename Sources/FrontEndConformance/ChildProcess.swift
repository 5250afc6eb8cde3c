import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A child process started with `posix_spawn`, its standard output on a pipe, and everything
/// else inherited.
///
/// Unlike Foundation's `Process`, the child stays in the parent's process group, so it is in
/// the terminal's foreground group as the parent is: it can read and set the terminal modes
/// without being stopped by SIGTTOU.
struct ChildProcess {
  /// How a child ended.
  enum Termination: Equatable {
    /// It exited with this status.
    case exited(Int32)
    /// A signal killed it.
    case signaled(Int32)
  }

  let pid: pid_t
  /// The read end of the child's standard output; ``readLines(_:)`` closes it.
  let output: Int32

  /// Starts `executable` with `arguments` and `environment`; signals are reset to their
  /// defaults and none is blocked in the child.
  init(executable: String, arguments: [String], environment: [String: String]) throws {
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { throw POSIXError(errno) }
    for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigfillset(&defaults)
    var mask = sigset_t()
    sigemptyset(&mask)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setsigmask(&attributes, &mask)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for string in argv + envp { free(string) }
    }
    var pid: pid_t = 0
    let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
    close(fds[1])
    guard result == 0 else {
      close(fds[0])
      throw POSIXError(result)
    }
    self.pid = pid
    self.output = fds[0]
  }

  /// Calls `receive` with each line the child writes (without its newline) until its standard
  /// output ends, then closes it.
  func readLines(_ receive: (String) -> Void) {
    defer { close(output) }
    var buffer: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return }
      buffer += chunk[..<count]
      while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
        receive(String(decoding: buffer[..<newline], as: UTF8.self))
        buffer.removeSubrange(...newline)
      }
    }
  }

  /// Waits until the child ended, without reaping it (its pid stays reserved, so a signal sent
  /// to it meanwhile cannot reach another process).
  func waitForEnd() {
    var info = siginfo_t()
    while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0, errno == EINTR {}
  }

  /// Reaps the child and says how it ended.
  func reap() -> Termination {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    let signal = status & 0x7f
    return signal == 0 ? .exited((status >> 8) & 0xff) : .signaled(signal)
  }
}

extension POSIXError {
  fileprivate init(_ code: Int32) {
    self.init(POSIXErrorCode(rawValue: code) ?? .EIO)
  }
}
