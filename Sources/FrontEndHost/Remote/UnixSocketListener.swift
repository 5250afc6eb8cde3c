import HostIO

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
}
