import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The few file operations a file-backed ``SharedKey`` needs, done so that a crash never leaves
/// a half-written file: the new content goes to a temporary file beside the old one, is
/// `fsync`ed, renamed over it, and the directory is `fsync`ed (as the host's session file).
enum DurableFile {
  /// Why a file operation failed, in words that name the file.
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// The file's content, or `nil` when there is no file.
  static func contents(of path: String) throws(Failure) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY)
    guard descriptor >= 0 else {
      if errno == ENOENT { return nil }
      throw failure("cannot open \(path)")
    }
    defer { _ = close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 16 * 1024)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count >= 0 else { throw failure("cannot read \(path)") }
      if count == 0 { return bytes }
      bytes += chunk[..<count]
    }
  }

  /// Replaces the file's content with `bytes` (creating it, 0600, and its directory, 0700),
  /// durably: after this returns, a crash or a power cut leaves the new content; before, the
  /// old one. Never a mix.
  static func replace(_ path: String, with bytes: [UInt8]) throws(Failure) {
    let directory = directoryName(path)
    try makeDirectory(directory)
    let temporary = "\(path).tmp-\(getpid())-\(temporaryCount.add(1, ordering: .relaxed).oldValue)"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOCTTY, 0o600)
    guard descriptor >= 0 else { throw failure("cannot create \(temporary)") }
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes {
        write(descriptor, $0.baseAddress! + written, $0.count - written)
      }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { try abandon(temporary, descriptor, "cannot write") }
      written += count
    }
    guard fsync(descriptor) == 0 else { try abandon(temporary, descriptor, "cannot sync") }
    _ = close(descriptor)
    guard rename(temporary, path) == 0 else {
      let error = failure("cannot rename \(temporary) to \(path)")
      _ = unlink(temporary)
      throw error
    }
    let directoryDescriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if directoryDescriptor >= 0 {
      _ = fsync(directoryDescriptor)
      _ = close(directoryDescriptor)
    }
  }

  /// Moves the file aside as `PATH.bad-N`, for the first N free, and returns that path: what
  /// cannot be read is kept, never overwritten.
  static func moveAside(_ path: String) throws(Failure) -> String {
    for number in 1...1000 {
      let aside = "\(path).bad-\(number)"
      // link fails rather than replace an existing file; rename would overwrite it.
      if link(path, aside) == 0 {
        _ = unlink(path)
        return aside
      }
      guard errno == EEXIST else { throw failure("cannot move \(path) aside") }
    }
    throw Failure(description: "cannot move \(path) aside: .bad-1 to .bad-1000 all exist")
  }

  private static let temporaryCount = Atomic<Int>(0)

  private static func abandon(
    _ temporary: String, _ descriptor: Int32, _ what: String
  ) throws(Failure) -> Never {
    let error = failure("\(what) \(temporary)")
    _ = close(descriptor)
    _ = unlink(temporary)
    throw error
  }

  /// Creates `directory` and the missing ones above it, 0700.
  private static func makeDirectory(_ directory: String) throws(Failure) {
    guard mkdir(directory, 0o700) != 0, errno != EEXIST else { return }
    guard errno == ENOENT, directory != "/", !directory.isEmpty else {
      throw failure("cannot create the directory \(directory)")
    }
    try makeDirectory(directoryName(directory))
    guard mkdir(directory, 0o700) == 0 || errno == EEXIST else {
      throw failure("cannot create the directory \(directory)")
    }
  }

  /// The directory part of `path` ("." for a bare name).
  private static func directoryName(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// `what` and the reason `errno` gives.
  private static func failure(_ what: String) -> Failure {
    Failure(description: "\(what): \(String(cString: strerror(errno)))")
  }
}
