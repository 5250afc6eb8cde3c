import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Which front-end files ``FrontEndLoader`` agrees to open.
///
/// Loading a library runs its code in the host, with the host's rights. By default the loader
/// opens a library only if nobody but its owner can write it or replace it: the file and the
/// directory holding it must be owned by the user running the host (or root) and be neither
/// group- nor world-writable. `tictactoe --allow-unsafe-frontends` lifts the rule.
public struct FrontEndLoadPolicy: Equatable, Sendable {
  /// Whether a library that other users could have written is loaded anyway.
  public var allowsUnsafeFiles: Bool

  /// A policy; by default the strict one.
  public init(allowsUnsafeFiles: Bool = false) {
    self.allowsUnsafeFiles = allowsUnsafeFiles
  }

  /// Only files that nobody but their owner (the user running the host, or root) can change.
  public static let strict = Self()

  /// Any file (`--allow-unsafe-frontends`).
  public static let allowUnsafe = Self(allowsUnsafeFiles: true)

  /// Why the library at the canonical path `file` must not be loaded, or `nil`.
  ///
  /// A file that does not exist or is not a regular file is left to the loader, which says so.
  package func refusal(of file: String) -> String? {
    guard !allowsUnsafeFiles else { return nil }
    var fileStatus = stat()
    guard stat(file, &fileStatus) == 0, fileStatus.st_mode & S_IFMT == S_IFREG else { return nil }
    let advice =
      "; another user could change the code the host would run. Make it writable by its owner "
      + "only (chmod go-w), owned by you or root, or start the host with --allow-unsafe-frontends"
    if let problem = Self.problem(with: fileStatus) { return "the file \(problem)\(advice)" }
    // `file` is canonical: its directory is what comes before its last `/` (no `URL`, whose
    // first use in the process costs more than the rest of the load).
    let slash = file.lastIndex(of: "/") ?? file.startIndex
    let directory = slash == file.startIndex ? "/" : String(file[..<slash])
    var directoryStatus = stat()
    guard stat(directory, &directoryStatus) == 0 else {
      return "its directory \(directory) cannot be examined (\(String(cString: strerror(errno))))"
    }
    if let problem = Self.problem(with: directoryStatus) {
      return "its directory \(directory) \(problem)\(advice)"
    }
    return nil
  }

  /// What makes a file or directory with `status` unsafe, or `nil`.
  private static func problem(with status: stat) -> String? {
    let user = geteuid()
    if status.st_uid != user, status.st_uid != 0 {
      return "is owned by \(describe(status.st_uid)), not by the user running the host "
        + "(\(describe(user))) or root"
    }
    let mode = "mode \(String(status.st_mode & 0o7777, radix: 8))"
    if status.st_mode & S_IWOTH != 0 { return "is world-writable (\(mode))" }
    if status.st_mode & S_IWGRP != 0 { return "is group-writable (\(mode))" }
    return nil
  }

  /// `name (uid N)`, or `uid N` for a user without a name.
  private static func describe(_ uid: uid_t) -> String {
    var buffer = [CChar](repeating: 0, count: 4096)
    let name = buffer.withUnsafeMutableBufferPointer { buffer -> String? in
      var entry = passwd()
      var result: UnsafeMutablePointer<passwd>?
      guard getpwuid_r(uid, &entry, buffer.baseAddress!, buffer.count, &result) == 0,
        result != nil, let name = entry.pw_name
      else { return nil }
      return String(cString: name)
    }
    return name.map { "\($0) (uid \(uid))" } ?? "uid \(uid)"
  }
}
