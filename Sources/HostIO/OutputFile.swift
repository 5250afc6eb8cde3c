#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Opens the files front ends write to (an observer's `jsonl:PATH`) with the care the host
/// takes for the libraries it loads, because such a path often lies in a shared directory.
///
/// - A symbolic link is refused (`O_NOFOLLOW`), dangling or not: the host never writes
///   through a link someone else may have planted. The links that name the process's own
///   descriptors (`/dev/stdout`, `/dev/stderr`, `/dev/fd/N`, `/proc/self/fd/N`) are followed:
///   nobody else can plant them.
/// - A regular file or FIFO owned by another user is refused, and nothing of it is changed.
/// - A new file is created with mode 0600.
/// - An existing regular file is truncated, unless the caller asked to append.
/// - A FIFO is opened without blocking: one that no process reads is refused with a message,
///   never waited for.
/// - Terminals and other devices (`/dev/pts/3`, `/dev/null`) are written as they are.
///
/// `allowsUnsafeFiles` (`--allow-unsafe-frontends`) follows links and accepts files of other
/// users, as it loads their libraries.
public enum OutputFile {
  /// Why a file was not opened, in words that name the file.
  public struct OpenError: Error, Sendable, CustomStringConvertible {
    /// The message: "cannot write /tmp/x: it is a symbolic link ...".
    public let description: String
  }

  /// Opens `path` for writing; see the type's rules.
  public static func open(
    _ path: String, append: Bool, allowsUnsafeFiles: Bool
  ) throws(OpenError) -> Int32 {
    func refuse(_ reason: String) -> OpenError {
      OpenError(description: "cannot write \(path): \(reason)")
    }
    var flags = O_WRONLY | O_CREAT | O_CLOEXEC | O_NONBLOCK | O_NOCTTY
    if append { flags |= O_APPEND }
    if !allowsUnsafeFiles, !namesOwnDescriptor(path) { flags |= O_NOFOLLOW }
    let descriptor = Glibc.open(path, flags, 0o600)
    guard descriptor >= 0 else {
      switch errno {
      case ELOOP:
        throw refuse(
          "it is a symbolic link, and output files are never written through links (give "
            + "the file itself, or start the host with --allow-unsafe-frontends)")
      case ENXIO:
        throw refuse("it is a FIFO that no process is reading; start its reader first")
      default:
        throw refuse(String(cString: strerror(errno)))
      }
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      let reason = String(cString: strerror(errno))
      _ = close(descriptor)
      throw refuse(reason)
    }
    let kind = status.st_mode & S_IFMT
    if !allowsUnsafeFiles, kind == S_IFREG || kind == S_IFIFO, status.st_uid != geteuid() {
      _ = close(descriptor)
      throw refuse(
        "it belongs to another user (uid \(status.st_uid)); the host writes only files of its "
          + "own user (or start it with --allow-unsafe-frontends)")
    }
    if kind == S_IFREG, !append, !namesOwnDescriptor(path) { _ = ftruncate(descriptor, 0) }
    return descriptor
  }

  /// Whether `path` is one of the links to the process's own descriptors.
  private static func namesOwnDescriptor(_ path: String) -> Bool {
    path == "/dev/stdout" || path == "/dev/stderr" || path.hasPrefix("/dev/fd/")
      || path.hasPrefix("/proc/self/fd/")
  }
}
