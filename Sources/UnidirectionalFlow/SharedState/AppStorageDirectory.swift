#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension DependencyValues {
  /// The directory `.appStorage` keys keep their files in: `$XDG_CONFIG_HOME/tictactoe-host/
  /// appstorage` (`~/.config/...` without it) when the app runs, a directory of its own under
  /// the temporary directory in tests. An app names its own with `withDependencies`.
  public var appStorageDirectory: URL {
    get { self[AppStorageDirectory.self] }
    set { self[AppStorageDirectory.self] = newValue }
  }
}

/// Where `.appStorage` keys keep their files, and what they are named.
enum AppStorageDirectory: DependencyKey {
  typealias Value = URL

  /// `$XDG_CONFIG_HOME/tictactoe-host/appstorage`, or `$HOME/.config/...` when
  /// `XDG_CONFIG_HOME` is unset or not absolute (as the XDG specification says).
  static var liveValue: URL {
    let configuration: String
    if let xdg = environment("XDG_CONFIG_HOME"), xdg.hasPrefix("/") {
      configuration = xdg
    } else {
      configuration = (environment("HOME") ?? "") + "/.config"
    }
    return URL(fileURLWithPath: configuration + "/tictactoe-host/appstorage", isDirectory: true)
  }

  /// `$TMPDIR/tictactoe-host-appstorage-PID`, so that a test never touches the user's files.
  static var testValue: URL {
    let temporary = environment("TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    return URL(
      fileURLWithPath: "\(temporary)/tictactoe-host-appstorage-\(getpid())", isDirectory: true)
  }

  /// The directory of a `.appStorage` key created here: the current dependencies' one, except
  /// in a test process with no dependency scope current, where it is ``testValue``, so that a
  /// state made outside `withDependencies` in a test never writes to the user's configuration.
  static var current: URL {
    if DependencyScope.innermost == nil, DependencyValues.taskLocal == nil, isTestProcess {
      return testValue
    }
    return DependencyValues.current.appStorageDirectory
  }

  /// Whether this process runs tests: `swift test` runs `PACKAGEPackageTests.xctest`.
  private static let isTestProcess: Bool = {
    var path = [CChar](repeating: 0, count: 4096)
    let count = readlink("/proc/self/exe", &path, path.count - 1)
    let executable =
      count > 0
      ? String(decoding: path[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      : CommandLine.arguments.first ?? ""
    return executable.hasSuffix(".xctest")
  }()

  /// The file of the key `name`: `name.json`, with every byte other than a letter, a digit,
  /// `-` and `_` written `%XX`, so that no name leaves the directory or names a hidden file.
  static func fileName(for name: String) -> String {
    var file = ""
    for byte in name.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
        file.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        file += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
      }
    }
    return file + ".json"
  }

  private static func environment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
