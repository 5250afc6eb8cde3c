import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A small file kept current crash-safely, for one process at a time: the host's `--session`.
///
/// - **One process.** ``open(_:)`` takes an exclusive `flock` on a lock file beside it
///   (`FILE.lock`, holding the owner's pid); a second process is refused with that pid. The
///   kernel drops the lock when its process dies, even by `kill -9`, so no lock is ever stale.
/// - **Crash-safe replacement.** ``replace(with:)`` writes the whole content to a temporary
///   file in the same directory, `fsync`s it, renames it over the file and `fsync`s the
///   directory. After it returns, the new content survives `kill -9` and a power cut; before
///   it returns, the old one is what a restart reads. Never a mix of the two.
/// - **Cheap saves.** ``save(_:)`` appends a snapshot to the file as a ``SessionLog`` record
///   and `fdatasync`s it (measured 1.6 to 5.3 times cheaper than a replacement). A crash
///   during it leaves a torn tail, which a reader ignores. The log is compacted, by a
///   replacement holding only the latest record, at the first save of each process, when
///   it would grow past ``compactionSize``, and when the file was removed or replaced since.
/// - **Nothing lost.** ``quarantine()`` moves a file the caller cannot read aside under a name
///   that nothing else has (`FILE.bad-1`, `FILE.bad-2`, ...), never overwriting anything;
///   ``keepCopy()`` keeps a damaged one there too, and leaves it in place until the next save.
/// - **No links.** The file, its lock and its temporary file are opened with `O_NOFOLLOW`: a
///   link planted in a shared directory is refused, not followed.
public final class SessionFile: Sendable {
  /// Why the file cannot be used, in words that name it.
  public struct Failure: Error, Sendable, CustomStringConvertible {
    /// The message: "cannot use /tmp/game: ...".
    public let description: String
    /// Whether the file is one the caller may move aside (``quarantine()``) and start over
    /// without: the user's own regular file, only not a session (too large to be one).
    public var canMoveAside = false
  }

  /// The largest file ``read()`` accepts: a session is a few hundred bytes.
  public static let maximumSize = 1 << 20
  /// The size past which the next save compacts the log rather than append to it: about 100
  /// saves with a game's undo history, 1 000 without. Well under ``maximumSize``.
  public static let compactionSize = 256 << 10
  /// The file's path, as given.
  public let path: String
  private let lock: Int32

  /// The log as this process appends to it: its descriptor and size, and which file it is.
  private struct Appending {
    let descriptor: Int32
    var size: Int
    /// The file's device and inode, to tell whether `path` still names it.
    let device: UInt64
    let inode: UInt64

    /// The log open at `descriptor`, `size` bytes long.
    init(descriptor: Int32, size: Int) {
      var status = stat()
      _ = fstat(descriptor, &status)
      self.descriptor = descriptor
      self.size = size
      (device, inode) = (UInt64(status.st_dev), UInt64(status.st_ino))
    }
  }

  /// `nil` until the first save has compacted the log, and after a failed save.
  private let appending = Mutex<Appending?>(nil)

  private init(path: String, lock: Int32) {
    self.path = path
    self.lock = lock
  }

  deinit {
    appending.withLock { Self.stopAppending(&$0) }
    _ = close(lock)
  }

  /// Closes the log this process appends to, if one is open: the next save compacts the log.
  private static func stopAppending(_ appending: inout Appending?) {
    if let log = appending { _ = close(log.descriptor) }
    appending = nil
  }

  /// Takes the file for this process: locks `PATH.lock` (created 0600) or fails naming the
  /// process that holds it.
  public static func open(_ path: String) throws(Failure) -> SessionFile {
    let lockPath = path + ".lock"
    let lock = Glibc.open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NOCTTY, 0o600)
    guard lock >= 0 else {
      throw Failure(
        description: "cannot use \(path): cannot open its lock \(lockPath): \(reason())")
    }
    guard flock(lock, LOCK_EX | LOCK_NB) == 0 else {
      let holder = String(decoding: FileDescriptorIO.readAll(lock) ?? [], as: UTF8.self)
        .trimmingSuffix(while: { $0 == "\n" })
      _ = close(lock)
      throw Failure(
        description: "cannot use \(path): another tictactoe"
          + (holder.isEmpty ? "" : " (pid \(holder))") + " is using it")
    }
    _ = ftruncate(lock, 0)
    let pid = Array("\(getpid())\n".utf8)
    _ = pid.withUnsafeBytes { pwrite(lock, $0.baseAddress, $0.count, 0) }
    let file = SessionFile(path: path, lock: lock)
    file.removeLeftTemporaryFiles()
    return file
  }

  /// Removes the temporary files (`FILE.tmp-PID`) that a holder of the lock killed during a
  /// save left behind: only the holder writes one, so with the lock held, every one there is
  /// another, dead process's.
  private func removeLeftTemporaryFiles() {
    let (directory, name) = splitPath()
    guard let stream = opendir(directory) else { return }
    defer { closedir(stream) }
    let prefix = Array((name + ".tmp-").utf8)
    while let entry = readdir(stream) {
      let entryName = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        Array(raw.prefix { $0 != 0 })
      }
      guard entryName.count > prefix.count, entryName.starts(with: prefix),
        entryName[prefix.count...].allSatisfy({
          (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
        })
      else { continue }
      let path = directory + "/" + String(decoding: entryName, as: UTF8.self)
      _ = unlink(path)
    }
  }

  /// The file's directory ("." for a bare name) and its name in it.
  private func splitPath() -> (directory: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return (".", path) }
    let directory = slash == path.startIndex ? "/" : String(path[..<slash])
    return (directory, String(path[path.index(after: slash)...]))
  }

  /// The file's content, or `nil` if there is no file yet.
  public func read() throws(Failure) -> [UInt8]? {
    let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NOCTTY | O_NONBLOCK)
    guard descriptor >= 0 else {
      if errno == ENOENT { return nil }
      throw failure(errno == ELOOP ? "it is a symbolic link" : reason())
    }
    defer { _ = close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw failure(reason()) }
    guard status.st_mode & S_IFMT == S_IFREG else { throw failure("it is not a regular file") }
    guard status.st_uid == geteuid() else {
      throw failure("it belongs to another user (uid \(status.st_uid))")
    }
    guard status.st_size <= Self.maximumSize else {
      var tooLarge = failure(
        "it is larger than \(Self.maximumSize >> 10) KiB, too large for a session")
      tooLarge.canMoveAside = true
      throw tooLarge
    }
    guard let bytes = FileDescriptorIO.readAll(descriptor) else { throw failure(reason()) }
    return bytes
  }

  /// Saves `snapshot` durably as the session's current one: appends it to the file as a
  /// ``SessionLog`` record and `fdatasync`s it, or, for the first save of this process, after a
  /// failed one, once the log would grow past ``compactionSize``, or when the file was removed
  /// or replaced since the last save, compacts the log: replaces
  /// the whole file with that one record (see ``replace(with:)``). Either way, once it returns
  /// the snapshot survives `kill -9` and a power cut, and until then the previous one is what a
  /// restart reads.
  /// - Parameter snapshot: The bytes of ``SessionSnapshot/encode(_:undo:)``.
  public func save(_ snapshot: [UInt8]) throws(Failure) {
    let record = SessionLog.record(snapshot)
    try appending.withLock { (appending: inout Appending?) throws(Failure) in
      if let log = appending, log.size + record.count <= Self.compactionSize, names(log) {
        guard FileDescriptorIO.write(record, to: log.descriptor), fdatasync(log.descriptor) == 0
        else {
          // The tail may hold part of the record now: the next save compacts the log.
          let why = reason()
          Self.stopAppending(&appending)
          throw failure("cannot append to it: \(why)")
        }
        appending?.size += record.count
        return
      }
      Self.stopAppending(&appending)
      appending = Appending(descriptor: try writeWhole(record), size: record.count)
    }
  }

  /// Whether `path` still names the file of `log`: a file removed or replaced since (by `rm`,
  /// `mv` or an editor) is saved to by a compaction, which writes it again, not by appends to
  /// what nobody would read.
  private func names(_ log: Appending) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0 && UInt64(status.st_dev) == log.device
      && UInt64(status.st_ino) == log.inode
  }

  /// Replaces the file's content with `bytes`, durably; see the type's rules.
  /// - Parameter bytes: The whole new content.
  public func replace(with bytes: [UInt8]) throws(Failure) {
    try appending.withLock { (appending: inout Appending?) throws(Failure) in
      Self.stopAppending(&appending)
      _ = close(try writeWhole(bytes))
    }
  }

  /// Writes `bytes` to a temporary file, `fsync`s it, renames it over the file and `fsync`s the
  /// directory; returns the file's descriptor, open for writing at its end.
  private func writeWhole(_ bytes: [UInt8]) throws(Failure) -> Int32 {
    let temporary = "\(path).tmp-\(getpid())"
    _ = unlink(temporary)
    let descriptor = Glibc.open(
      temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW | O_NOCTTY, 0o600)
    guard descriptor >= 0 else { throw failure("cannot create \(temporary): \(reason())") }
    guard FileDescriptorIO.write(bytes, to: descriptor) else {
      let why = reason()
      _ = close(descriptor)
      _ = unlink(temporary)
      throw failure("cannot write \(temporary): \(why)")
    }
    guard fsync(descriptor) == 0 else {
      let why = reason()
      _ = close(descriptor)
      _ = unlink(temporary)
      throw failure("cannot sync \(temporary): \(why)")
    }
    guard rename(temporary, path) == 0 else {
      let why = reason()
      _ = close(descriptor)
      _ = unlink(temporary)
      throw failure("cannot rename \(temporary) over it: \(why)")
    }
    syncDirectory()
    return descriptor
  }

  /// Moves the file aside as `PATH.bad-N` for the first N free, and returns that name.
  public func quarantine() throws(Failure) -> String {
    let aside = try linkAside()
    _ = unlink(path)
    syncDirectory()
    return aside
  }

  /// Keeps the file's content as it is now as `PATH.bad-N` too (a second link to it), for the
  /// first N free, and returns that name. The file itself stays until the next save replaces it
  /// (never appends to it), so a crash before that save still restarts from it.
  public func keepCopy() throws(Failure) -> String {
    let aside = try linkAside()
    syncDirectory()
    return aside
  }

  /// Links the file as `PATH.bad-N` for the first N free. Closes the log this process appends
  /// to first: the next save then replaces the file, leaving what that name links to as it is.
  private func linkAside() throws(Failure) -> String {
    appending.withLock { Self.stopAppending(&$0) }
    for number in 1...1000 {
      let aside = "\(path).bad-\(number)"
      // link fails rather than replace an existing file; rename would overwrite it.
      if link(path, aside) == 0 { return aside }
      guard errno == EEXIST else { throw failure("cannot move it aside: \(reason())") }
    }
    throw failure("cannot move it aside: \(path).bad-1 to .bad-1000 all exist")
  }

  private func syncDirectory() {
    let directory = splitPath().directory
    let descriptor = Glibc.open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    _ = fsync(descriptor)
    _ = close(descriptor)
  }

  private func failure(_ reason: String) -> Failure {
    Failure(description: "cannot use \(path): \(reason)")
  }
}

private func reason() -> String { String(cString: strerror(errno)) }

extension String {
  fileprivate func trimmingSuffix(while predicate: (Character) -> Bool) -> String {
    var result = self
    while let last = result.last, predicate(last) { result.removeLast() }
    return result
  }
}
