import Foundation
import JSONLines
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A headless Chromium driven through the DevTools protocol on `--remote-debugging-pipe`,
/// with a fresh profile in a temporary directory.
///
/// The browser runs in a process group of its own, so that ``close()`` (and the hang guard,
/// after ``watchdogSeconds``) can kill it with every renderer and helper it started. Use
/// ``with(_:)``, which closes it however the test ends.
final class Browser: @unchecked Sendable {
  /// Debian's `chromium` launcher.
  static let executable = "/usr/bin/chromium"

  /// Whether Chromium is installed; the browser tests are skipped without it.
  static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: executable) }

  /// Seconds after which a browser still running is killed and the test fails. Generous, like
  /// the host processes' guard: it only catches a hang.
  static let watchdogSeconds = 300

  /// The DevTools connection, for commands the pages do not wrap.
  let connection: DevToolsConnection

  private let processIdentifier: pid_t
  private let profileDirectory: URL
  private let state = Mutex<(isClosed: Bool, wasKilledByGuard: Bool)>((false, false))

  /// Starts Chromium on `about:blank`.
  init() throws {
    profileDirectory = FileManager.default.temporaryDirectory
      .appendingPathComponent("tictactoe-chromium-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: profileDirectory, withIntermediateDirectories: true)
    // commands: we write [1], it reads [0] as its descriptor 3; messages: it writes [1] as its
    // descriptor 4, we read [0].
    let commands = try Self.pipe()
    let messages = try Self.pipe()
    let arguments = [
      Self.executable, "--headless=new", "--no-sandbox", "--disable-gpu",
      "--user-data-dir=\(profileDirectory.path)", "--remote-debugging-pipe",
      "--no-first-run", "--no-default-browser-check", "--disable-extensions",
      "--disable-background-networking", "--disable-sync", "--disable-dev-shm-usage",
      "--hide-scrollbars", "--mute-audio", "about:blank",
    ]
    let log = profileDirectory.appendingPathComponent("chromium.log").path
    do {
      processIdentifier = try Self.spawn(
        arguments, descriptor3: commands[0], descriptor4: messages[1], log: log)
    } catch {
      for descriptor in commands + messages { Glibc.close(descriptor) }
      throw error
    }
    Glibc.close(commands[0])
    Glibc.close(messages[1])
    connection = DevToolsConnection(
      commandDescriptor: commands[1], messageDescriptor: messages[0])
    DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(Self.watchdogSeconds)) {
      [weak self] in
      guard let self else { return }
      // Under the lock, so that the group is never killed after close() reaped its leader.
      state.withLock { state in
        guard !state.isClosed else { return }
        state.wasKilledByGuard = true
        killProcessGroup()
      }
    }
  }

  deinit { close() }

  /// Runs `body` with a new browser, and closes the browser however `body` ends.
  static func with<T>(
    sourceLocation: SourceLocation = #_sourceLocation, _ body: (Browser) throws -> T
  ) throws -> T {
    let browser = try Browser()
    defer { browser.close(sourceLocation: sourceLocation) }
    return try body(browser)
  }

  /// Opens a new tab on `about:blank`.
  func newPage() throws -> Page {
    try Page(in: self)
  }

  /// Kills the browser and everything it started, waits for it, and removes its profile; fails
  /// the test if the hang guard had to kill it first.
  func close(sourceLocation: SourceLocation = #_sourceLocation) {
    let (wasClosed, wasKilledByGuard) = state.withLock { state in
      defer { state.isClosed = true }
      return (state.isClosed, state.wasKilledByGuard)
    }
    guard !wasClosed else { return }
    killProcessGroup()
    var status: Int32 = 0
    while waitpid(processIdentifier, &status, 0) < 0 && errno == EINTR {}
    try? FileManager.default.removeItem(at: profileDirectory)
    #expect(
      !wasKilledByGuard,
      "the browser was still running after \(Self.watchdogSeconds) s and was killed",
      sourceLocation: sourceLocation)
  }

  private func killProcessGroup() {
    kill(-processIdentifier, SIGKILL)
  }

  /// A pipe whose ends are closed on exec and are above the descriptors the child gets.
  private static func pipe() throws -> [Int32] {
    var ends: [Int32] = [0, 0]
    guard GNUExtensions.pipe2(&ends, O_CLOEXEC) == 0 else {
      throw DevToolsConnection.Failure(description: "pipe2 failed (errno \(errno))")
    }
    return try ends.map { end in
      guard end <= 4 else { return end }
      let moved = fcntl(end, F_DUPFD_CLOEXEC, 10)
      Glibc.close(end)
      guard moved >= 0 else {
        throw DevToolsConnection.Failure(description: "fcntl failed (errno \(errno))")
      }
      return moved
    }
  }

  /// Starts `arguments` in a new process group, with `descriptor3` and `descriptor4` as its
  /// descriptors 3 and 4, standard input from `/dev/null`, standard output and error to `log`,
  /// and no other descriptor of this process.
  private static func spawn(
    _ arguments: [String], descriptor3: Int32, descriptor4: Int32, log: String
  ) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    posix_spawn_file_actions_adddup2(&actions, descriptor3, 3)
    posix_spawn_file_actions_adddup2(&actions, descriptor4, 4)
    guard GNUExtensions.addCloseFrom(&actions, 5) == 0 else {
      throw DevToolsConnection.Failure(
        description: "cannot close the test's descriptors in a child")
    }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
    posix_spawnattr_setpgroup(&attributes, 0)

    let argv = arguments.map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    var processIdentifier: pid_t = 0
    let result = posix_spawn(&processIdentifier, executable, &actions, &attributes, argv, environ)
    guard result == 0 else {
      throw DevToolsConnection.Failure(
        description: "could not start \(executable): \(String(cString: strerror(result)))")
    }
    return processIdentifier
  }
}
