#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A Unix domain socket the host listens on (`--listen`), made and removed with care, because
/// whoever connects can drive the game.
///
/// - The default path is `$XDG_RUNTIME_DIR/tictactoe/<pid>.sock`, or `<pid>.sock` in a
///   private directory made under `$TMPDIR` (or `/tmp`) when that variable is unset. The
///   directory is mode 0700 (an existing `tictactoe` directory must be the user's own, and no
///   one else's to enter); the socket is mode 0600. Private directories that dead hosts left
///   under `$TMPDIR` (a socket of a pid no process has, and nothing else) are removed first.
/// - One host at a time: an exclusive `flock` on `PATH.lock` (created 0600 beside the socket,
///   held for the listener's life and removed by ``close()``) comes before anything else, so
///   two hosts started together on one stale socket never both replace it: the second is
///   refused as if the first were listening already.
/// - An existing file at the path: a socket that someone still listens on is an error, a
///   stale one (nobody listens) is replaced, and anything else is refused and left alone.
/// - Each peer's uid is read with `SO_PEERCRED` when it connects: a peer of another user is
///   refused (closed at once) and reported through ``onRefused``.
/// - ``close()`` removes the socket (if it is still the one made here) and the private
///   directory made for it.
///
/// ```swift
/// let listener = try UnixSocketListener(path: nil, loop: loop)
/// listener.onAccept = { descriptor in ... }  // non-blocking, close-on-exec
/// listener.start()
/// ```
@MainActor
public final class UnixSocketListener {
  /// Why the socket could not be made, in words that name the path.
  public struct ListenError: Error, Sendable, CustomStringConvertible {
    /// The message: "cannot listen on /run/user/0/tictactoe/7.sock: ...".
    public let description: String
  }

  /// Where the socket is.
  public let path: String
  private let descriptor: Int32
  /// The lock beside the socket (`PATH.lock`), held while listening.
  private let lock: Int32
  /// The directory made for the socket, removed with it.
  private let madeDirectory: String?
  /// The socket file's identity, so that ``close()`` never removes another process's socket.
  private let device: UInt
  private let inode: UInt
  private let loop: any EventLoop
  private var interest: EventLoopInterest?
  /// How long to wait before accepting again when the process is out of descriptors.
  private static let retryDelay = Duration.milliseconds(100)
  private var isClosed = false

  /// Called on the store thread with each accepted connection of the same user: a
  /// non-blocking, close-on-exec descriptor that the callee owns.
  public var onAccept: (Int32) -> Void = { Glibc.close($0) }
  /// Called with the uid of each peer refused because it is another user.
  public var onRefused: (UInt32) -> Void = { _ in }

  /// Makes the socket at `path`, or at the default path (see the type's rules), to accept
  /// connections when `loop` finds them waiting.
  public init(path given: String?, loop: any EventLoop) throws(ListenError) {
    var madeDirectory: String?
    let path: String
    if let given {
      path = given
    } else {
      (path, madeDirectory) = try Self.defaultPath()
    }
    func refuse(_ reason: String) -> ListenError {
      if let madeDirectory { _ = rmdir(madeDirectory) }
      return ListenError(description: "cannot listen on \(path): \(reason)")
    }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let capacity = MemoryLayout.size(ofValue: address.sun_path)
    guard path.utf8.count < capacity, !path.isEmpty else {
      throw refuse("a socket path has 1 to \(capacity - 1) bytes")
    }
    withUnsafeMutableBytes(of: &address.sun_path) { bytes in
      bytes.copyBytes(from: path.utf8)
    }
    let lock = try Self.takeLock(path + ".lock", refuse: refuse)
    func refuseUnlocking(_ reason: String) -> ListenError {
      _ = unlink(path + ".lock")
      _ = Glibc.close(lock)
      return refuse(reason)
    }
    try Self.clearStale(path, address: address, refuse: refuseUnlocking)
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { throw refuseUnlocking(String(cString: strerror(errno))) }
    // No moment when the socket exists with looser permissions than 0600.
    let mask = umask(0o177)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    let bindError = errno
    umask(mask)
    guard bound == 0, listen(descriptor, 128) == 0 else {
      let reason = String(cString: strerror(bound == 0 ? errno : bindError))
      _ = Glibc.close(descriptor)
      if bound == 0 { _ = unlink(path) }
      throw refuseUnlocking(reason)
    }
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    var status = stat()
    _ = lstat(path, &status)
    self.path = path
    self.loop = loop
    self.descriptor = descriptor
    self.lock = lock
    self.madeDirectory = madeDirectory
    device = UInt(status.st_dev)
    inode = UInt(status.st_ino)
  }

  /// Accepts connections from now on.
  public func start() {
    guard !isClosed, interest == nil else { return }
    interest = loop.whenReady(descriptor, .readable) { [weak self] in
      guard let self else { return }
      interest = nil
      acceptWaiting()
    }
  }

  /// Stops listening, and removes the socket and the directory made for it.
  public func close() {
    guard !isClosed else { return }
    isClosed = true
    if let interest { loop.cancel(interest) }
    interest = nil
    _ = Glibc.close(descriptor)
    var status = stat()
    if lstat(path, &status) == 0, UInt(status.st_dev) == device, UInt(status.st_ino) == inode {
      _ = unlink(path)
    }
    _ = unlink(path + ".lock")
    _ = Glibc.close(lock)
    if let madeDirectory { _ = rmdir(madeDirectory) }
  }

  private func acceptWaiting() {
    guard !isClosed else { return }
    while true {
      let connection = accept(descriptor, nil, nil)
      if connection < 0 {
        if errno == EINTR || errno == ECONNABORTED { continue }
        if errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM {
          // Out of descriptors: the waiting peer stays ready, and asking `poll` again at once
          // would spin. Try again a little later, timed by the event loop: a dispatch timer
          // would need a descriptor of its own (and libdispatch traps without one).
          interest = loop.after(Self.retryDelay) { [weak self] in
            guard let self else { return }
            interest = nil
            start()
          }
          return
        }
        break  // EAGAIN: every waiting peer was taken.
      }
      _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
      _ = fcntl(connection, F_SETFL, fcntl(connection, F_GETFL) | O_NONBLOCK)
      let uid = PeerCredentials.uid(of: connection)
      if uid == geteuid() {
        onAccept(connection)
      } else {
        _ = Glibc.close(connection)
        onRefused(uid ?? UInt32.max)
      }
    }
    start()
  }

  /// Takes the exclusive lock at `lockPath` for this process, or throws: another host holds
  /// it (it listens, or is about to). A lock file removed and made again between the open and
  /// the lock is opened again, so that two hosts never hold locks on two different files.
  private static func takeLock(
    _ lockPath: String, refuse: (String) -> ListenError
  ) throws(ListenError) -> Int32 {
    while true {
      let lock = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NOCTTY, 0o600)
      guard lock >= 0 else {
        throw refuse("cannot open its lock \(lockPath): \(String(cString: strerror(errno)))")
      }
      guard flock(lock, LOCK_EX | LOCK_NB) == 0 else {
        _ = Glibc.close(lock)
        throw refuse("another process is listening on it (a host still running?)")
      }
      var held = stat()
      var there = stat()
      if fstat(lock, &held) == 0, lstat(lockPath, &there) == 0, held.st_dev == there.st_dev,
        held.st_ino == there.st_ino
      {
        return lock
      }
      _ = Glibc.close(lock)
    }
  }

  /// Removes a stale socket at `path`; throws for a live one or a file that is not a socket.
  private static func clearStale(
    _ path: String, address: sockaddr_un, refuse: (String) -> ListenError
  ) throws(ListenError) {
    var status = stat()
    guard lstat(path, &status) == 0 else { return }
    guard status.st_mode & S_IFMT == S_IFSOCK else {
      throw refuse("a file that is not a socket is there; it was left alone")
    }
    let probe = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard probe >= 0 else { throw refuse(String(cString: strerror(errno))) }
    defer { _ = Glibc.close(probe) }
    var address = address
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(probe, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    if connected == 0 {
      throw refuse("another process is listening on it (a host still running?)")
    }
    guard errno == ECONNREFUSED else { throw refuse(String(cString: strerror(errno))) }
    guard unlink(path) == 0 else {
      throw refuse("cannot remove the stale socket: \(String(cString: strerror(errno)))")
    }
  }

  /// Removes the private directories (`tictactoe-XXXXXX`) that hosts which died without
  /// cleaning up (a crash, SIGKILL) left in `base`: only a directory of this user, private,
  /// holding nothing but a socket named for a process that no longer exists (and that
  /// socket's lock).
  private static func removeStaleDirectories(in base: String) {
    guard let stream = opendir(base) else { return }
    defer { closedir(stream) }
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard name.hasPrefix("tictactoe-"), name.utf8.count == "tictactoe-XXXXXX".utf8.count
      else { continue }
      let directory = "\(base)/\(name)"
      var status = stat()
      guard lstat(directory, &status) == 0, status.st_mode & S_IFMT == S_IFDIR,
        status.st_uid == geteuid(), status.st_mode & 0o777 == 0o700,
        let files = staleSocketFiles(in: directory)
      else { continue }
      for file in files { _ = unlink("\(directory)/\(file)") }
      _ = rmdir(directory)
    }
  }

  /// The files of `directory` if it holds only `PID.sock` (a socket) and perhaps
  /// `PID.sock.lock`, for a PID no process has; `nil` otherwise.
  private static func staleSocketFiles(in directory: String) -> [String]? {
    guard let stream = opendir(directory) else { return nil }
    defer { closedir(stream) }
    var names: [String] = []
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != ".", name != ".." { names.append(name) }
    }
    guard let socketName = names.first(where: { $0.hasSuffix(".sock") }),
      let pid = Int32(socketName.dropLast(".sock".count)), pid > 0,
      Set(names).isSubset(of: [socketName, socketName + ".lock"]),
      kill(pid, 0) != 0, errno == ESRCH
    else { return nil }
    var status = stat()
    guard lstat("\(directory)/\(socketName)", &status) == 0, status.st_mode & S_IFMT == S_IFSOCK
    else { return nil }
    return names
  }

  /// The default path and, under `$TMPDIR`, the directory made for it.
  private static func defaultPath() throws(ListenError) -> (String, String?) {
    let pid = getpid()
    if let runtime = getenv("XDG_RUNTIME_DIR").map({ String(cString: $0) }), !runtime.isEmpty {
      let directory = runtime + "/tictactoe"
      let path = "\(directory)/\(pid).sock"
      if mkdir(directory, 0o700) != 0, errno != EEXIST {
        throw ListenError(
          description: "cannot make \(directory): \(String(cString: strerror(errno)))")
      }
      var status = stat()
      guard lstat(directory, &status) == 0, status.st_mode & S_IFMT == S_IFDIR,
        status.st_uid == geteuid(), status.st_mode & 0o077 == 0
      else {
        throw ListenError(
          description: "cannot listen in \(directory): it must be a directory of your own "
            + "that nobody else can enter (mode 0700)")
      }
      return (path, nil)
    }
    var base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
    if base.isEmpty { base = "/tmp" }
    removeStaleDirectories(in: base)
    var template = Array("\(base)/tictactoe-XXXXXX".utf8CString)
    guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
      throw ListenError(
        description: "cannot make a private directory in \(base): "
          + String(cString: strerror(errno)))
    }
    let directory = String(cString: made)
    return ("\(directory)/\(pid).sock", directory)
  }
}
