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
    let executableDirectory = URL(fileURLWithPath: executablePath).resolvingSymlinksInPath()
      .deletingLastPathComponent()
    var candidates = [executableDirectory.path]
    if let path = environment["TICTACTOE_FRONTEND_PATH"] {
      candidates += path.split(separator: ":").map(String.init)
    }
    candidates += extraDirectories
    if executableDirectory.lastPathComponent == "bin" {
      candidates.append(
        executableDirectory.deletingLastPathComponent()
          .appendingPathComponent("lib/tictactoe/frontends").path)
    }
    var seen = Set<String>()
    // Absolute, against the current directory: the loader opens absolute paths only.
    directories = candidates.filter { !$0.isEmpty }.map { URL(fileURLWithPath: $0).path }
      .filter { seen.insert($0).inserted }
  }

  /// The prefixes a front-end library's file name may start with, preferred first.
  static let prefixes = ["libtictactoe-", "libtictactoe_"]

  /// The file name of the stock front end `name`.
  public static func fileName(for name: String) -> String { "libtictactoe-\(name).so" }

  /// The first file for the front end `name`, or `nil`.
  public func locate(_ name: String) -> String? {
    for directory in directories {
      for prefix in Self.prefixes {
        let candidate = URL(fileURLWithPath: directory).appendingPathComponent(
          "\(prefix)\(name).so"
        ).path
        if FileManager.default.fileExists(atPath: candidate) { return candidate }
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
