#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Where a listener's socket goes and what was there before: the lock beside it, a stale
/// socket at its path, the private directories dead hosts left, and the default place (see
/// ``UnixSocketListener``'s rules).
extension UnixSocketListener {
  /// Takes the exclusive lock at `lockPath` for this process, or throws: another host holds
  /// it (it listens, or is about to). A lock file removed and made again between the open and
  /// the lock is opened again, so that two hosts never hold locks on two different files.
  static func takeLock(
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
  static func clearStale(
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
  static func removeStaleDirectories(in base: String) {
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
  static func staleSocketFiles(in directory: String) -> [String]? {
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
  static func defaultPath() throws(ListenError) -> (String, String?) {
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
