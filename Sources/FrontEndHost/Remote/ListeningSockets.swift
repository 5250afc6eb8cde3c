#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The sockets of this user's `tictactoe --listen` hosts at the default place, newest first:
/// what `tictactoe attach` with no PATH picks from, as `tmux attach` picks the latest session.
///
/// The default place is ``UnixSocketListener``'s: `$XDG_RUNTIME_DIR/tictactoe`, or the private
/// `tictactoe-XXXXXX` directories in `$TMPDIR` (or `/tmp`) when that variable is unset. Only
/// directories of this user that nobody else can enter count, and only sockets of this user
/// in them.
public struct ListeningSockets: Sendable {
  /// Where they were looked for, in words for a message: "/run/user/1000/tictactoe".
  public let searched: String
  /// Their paths, the most recently made first.
  public let paths: [String]

  /// Looks now.
  public init() {
    var directories: [String]
    if let runtime = getenv("XDG_RUNTIME_DIR").map({ String(cString: $0) }), !runtime.isEmpty {
      searched = runtime + "/tictactoe"
      directories = [searched]
    } else {
      var base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
      if base.isEmpty { base = "/tmp" }
      searched = base + "/tictactoe-*"
      directories = Self.names(in: base).filter { $0.hasPrefix("tictactoe-") }.map {
        "\(base)/\($0)"
      }
    }
    directories = directories.filter { Self.isPrivateDirectory($0) }
    var found: [(path: String, made: timespec)] = []
    for directory in directories {
      for name in Self.names(in: directory) where name.hasSuffix(".sock") {
        let path = "\(directory)/\(name)"
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFSOCK,
          status.st_uid == geteuid()
        else { continue }
        found.append((path, status.st_mtim))
      }
    }
    paths = found.sorted { ($0.made.tv_sec, $0.made.tv_nsec) > ($1.made.tv_sec, $1.made.tv_nsec) }
      .map(\.path)
  }

  /// The names in `directory` (none if it cannot be read).
  private static func names(in directory: String) -> [String] {
    guard let stream = opendir(directory) else { return [] }
    defer { closedir(stream) }
    var names: [String] = []
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != ".", name != ".." { names.append(name) }
    }
    return names
  }

  /// Whether `path` is a directory of this user that nobody else can enter.
  private static func isPrivateDirectory(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
      && status.st_uid == geteuid() && status.st_mode & 0o077 == 0
  }
}
