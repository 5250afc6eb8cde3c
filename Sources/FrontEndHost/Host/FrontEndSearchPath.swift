import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Where the host looks for front ends named by their stock name, in order: the directory of
/// the running executable (where `swift build` puts the libraries), the directories listed in
/// `TICTACTOE_FRONTEND_PATH` (colon-separated), the `--frontend-dir` directories, then the
/// installed location `PREFIX/lib/tictactoe/frontends` when the executable is
/// `PREFIX/bin/tictactoe` (a build directory has no such place, so it is not searched).
///
/// A front end named `NAME` is the file `libtictactoe-NAME.so`, or `libtictactoe_NAME.so`:
/// build tools that refuse a `-` in a library's name (cargo, for one) can produce the second.
/// In one directory, the first spelling wins.
public struct FrontEndSearchPath: Sendable {
  /// The directories, in search order, without duplicates.
  public private(set) var directories: [String]

  /// Builds the search path for an executable at `executablePath`.
  public init(
    executablePath: String,
    environment: [String: String] = ProcessInfo.processInfo.environment,
    extraDirectories: [String] = []
  ) {
    // Strings, not `URL`, where the paths are canonical already (the common case): the first
    // `URL` of the process costs more than the rest of this.
    let executableDirectory =
      FrontEndLoader.realPath(executablePath).map(Self.parent)
      ?? URL(fileURLWithPath: executablePath).resolvingSymlinksInPath()
      .deletingLastPathComponent().path
    var candidates = [executableDirectory]
    if let path = environment["TICTACTOE_FRONTEND_PATH"] {
      candidates += path.split(separator: ":").map(String.init)
    }
    candidates += extraDirectories
    if executableDirectory.split(separator: "/").last == "bin" {
      candidates.append(Self.joined(Self.parent(executableDirectory), "lib/tictactoe/frontends"))
    }
    // Absolute, against the current directory: the loader opens absolute paths only. A few
    // directories: a list finds the duplicates (a `Set`'s first use scans every protocol
    // conformance in the process).
    directories = []
    for candidate in candidates where !candidate.isEmpty {
      let directory = Self.isCanonical(candidate) ? candidate : URL(fileURLWithPath: candidate).path
      if !directories.contains(directory) { directories.append(directory) }
    }
  }

  /// Whether `path` is absolute with no empty, `.` or `..` component and no trailing `/`: a
  /// path `URL` would leave as it is.
  private static func isCanonical(_ path: String) -> Bool {
    guard path.hasPrefix("/") else { return false }
    if path == "/" { return true }
    return path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().allSatisfy {
      !$0.isEmpty && $0 != "." && $0 != ".."
    }
  }

  /// The directory of the canonical path `path` (`/` for a top-level one).
  private static func parent(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
    return String(path[..<slash])
  }

  /// `name` in the directory `directory`.
  private static func joined(_ directory: String, _ name: String) -> String {
    directory.hasSuffix("/") ? directory + name : directory + "/" + name
  }

  /// The prefixes a front-end library's file name may start with, preferred first.
  static let prefixes = ["libtictactoe-", "libtictactoe_"]

  /// The file name of the stock front end `name`.
  public static func fileName(for name: String) -> String { "libtictactoe-\(name).so" }

  /// The first file for the front end `name`, or `nil`.
  public func locate(_ name: String) -> String? {
    for directory in directories {
      for prefix in Self.prefixes {
        let candidate = Self.joined(directory, "\(prefix)\(name).so")
        var status = stat()
        if stat(candidate, &status) == 0 { return candidate }
      }
    }
    return nil
  }

  /// Every front-end library found, as (name from the file name, path), first occurrence of
  /// each name only, sorted by name.
  public func discover() -> [(name: String, path: String)] {
    var found: [String: String] = [:]
    for directory in directories {
      let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
      for file in files.sorted() where file.hasSuffix(".so") {
        guard let prefix = Self.prefixes.first(where: { file.hasPrefix($0) }) else { continue }
        let name = String(file.dropFirst(prefix.count).dropLast(".so".count))
        if found[name] == nil {
          found[name] = URL(fileURLWithPath: directory).appendingPathComponent(file).path
        }
      }
    }
    return found.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
  }
}
