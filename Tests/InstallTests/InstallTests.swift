import Foundation
import Testing

/// Installs the products `swift test` built (the debug ones, next to this test binary) into a
/// temporary prefix with `Scripts/install.sh`, as `make install` does with the release ones,
/// then uses the installation the way a user and a front-end author would: the installed
/// `tictactoe` finds its stock front ends, and the example front ends build against the
/// installed header alone, through pkg-config.
@Suite struct InstallTests {
  /// A login, the player names, and X winning down the first column.
  static let gameToAWin = [
    "email blob@pointfree.co", "password password", "login", "x Blob", "o Blub", "play",
    "1 1", "1 2", "2 1", "2 2", "3 1",
  ]

  @Test func installsTheHostTheFrontEndsTheHeaderAndAPkgConfigFile() throws {
    let prefix = try Installation()
    defer { prefix.remove() }
    for file in [
      "bin/tictactoe", "include/tictactoe/tictactoe_frontend.h",
      "lib/pkgconfig/tictactoe-frontend.pc", "share/man/man1/tictactoe.1",
      "share/bash-completion/completions/tictactoe", "share/zsh/site-functions/_tictactoe",
      "share/fish/vendor_completions.d/tictactoe.fish",
    ] + Installation.stockFrontEnds.map({ "lib/tictactoe/frontends/libtictactoe-\($0).so" }) {
      #expect(FileManager.default.fileExists(atPath: prefix.path(file)), "\(file) is missing")
    }
    let header = try String(
      contentsOfFile: prefix.path("include/tictactoe/tictactoe_frontend.h"), encoding: .utf8)
    #expect(header.contains("tictactoe_frontend_entry"))

    let cflags = try prefix.pkgConfig("--cflags")
    #expect(cflags == "-I\(prefix.path("include/tictactoe"))")
    let version = try prefix.pkgConfig("--modversion")
    #expect(header.contains("#define TTT_ABI_VERSION_MAJOR \(version.prefix { $0 != "." })u"))
    #expect(try prefix.pkgConfig("--libs").isEmpty)
  }

  @Test func theInstalledHostListsTheInstalledFrontEnds() throws {
    let prefix = try Installation()
    defer { prefix.remove() }
    let result = try run(
      prefix.path("bin/tictactoe"), ["--list-frontends"], environment: prefix.environment)
    #expect(result.status == 0)
    let lines = result.standardOutput.split(separator: "\n")
    for name in Installation.stockFrontEnds {
      let file = prefix.path("lib/tictactoe/frontends/libtictactoe-\(name).so")
      #expect(
        lines.contains { $0.hasPrefix("\(name)\t") && $0.hasSuffix("\t\(file)") },
        "\(name) is not listed from \(file):\n\(result.standardOutput)")
    }
  }

  @Test func theInstalledHostPlaysWithTheInstalledTextFrontEnd() throws {
    let prefix = try Installation()
    defer { prefix.remove() }
    let result = try run(
      prefix.path("bin/tictactoe"), ["--frontend", "text", "--auth-delay", "0"],
      input: Self.gameToAWin, environment: prefix.environment)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains("== Winner! Congrats Blob! =="))
    #expect(result.standardOutput.contains("  3   X |   |  "))
  }

  @Test func theExampleCFrontEndBuildsAgainstTheInstalledHeaderAndPlays() throws {
    let prefix = try Installation()
    defer { prefix.remove() }
    // From an empty directory: the example's two files, built with its Makefile, which finds
    // the header with pkg-config. Nothing of the repository is on the include path.
    let project = prefix.root.appendingPathComponent("mine")
    try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
    for file in ["mine.c", "Makefile"] {
      try FileManager.default.copyItem(
        at: repositoryRoot.appendingPathComponent("Examples/CFrontEnd/\(file)"),
        to: project.appendingPathComponent(file))
    }
    let make = try run(
      "/usr/bin/env",
      ["make", "-C", project.path, "CFLAGS=-std=c11 -O2 -Wall -Wextra -Werror -pedantic"],
      environment: prefix.environment)
    #expect(make.status == 0, "make failed: \(make.standardOutput)\(make.standardError)")
    #expect(make.standardOutput.contains("-I\(prefix.path("include/tictactoe"))"))
    let library = project.appendingPathComponent("libmine.so").path
    try #require(FileManager.default.fileExists(atPath: library))
    try makeWritableByOwnerOnly(library)

    // It owns the terminal, and a second copy of it watches the same game into a file.
    let observed = prefix.root.appendingPathComponent("observer.txt").path
    let result = try run(
      prefix.path("bin/tictactoe"),
      ["--frontend", library, "--frontend", "\(library):\(observed)", "--auth-delay", "0"],
      input: Self.gameToAWin, environment: prefix.environment)
    #expect(result.status == 0, "\(result.standardError)")
    let finalBoard = [
      "== Winner! Congrats Blob! ==",
      "     1   2   3",
      " 1   X | O |  ",
      "    ---+---+---",
      " 2   X | O |  ",
      "    ---+---+---",
      " 3   X |   |  ",
      "Commands: again, quit\n",
    ].joined(separator: "\n")
    #expect(result.standardOutput.contains("== Login ==\nEmail:    \nPassword: \n"))
    #expect(result.standardOutput.contains("Password: ********\n"))
    #expect(!result.standardOutput.contains("password password"))
    #expect(result.standardOutput.hasSuffix(finalBoard), "\(result.standardOutput)")
    let observer = try String(contentsOfFile: observed, encoding: .utf8)
    #expect(observer.hasSuffix(finalBoard), "\(observer)")

    // The installed copy of the same source, by its stock name.
    let example = try run(
      prefix.path("bin/tictactoe"), ["--frontend", "example", "--auth-delay", "0"],
      input: Self.gameToAWin, environment: prefix.environment)
    #expect(example.status == 0, "\(example.standardError)")
    #expect(example.standardOutput.hasSuffix(finalBoard), "\(example.standardOutput)")
  }

  @Test func theExampleSwiftFrontEndBuildsAgainstTheInstalledHeaderAndPlays() throws {
    let prefix = try Installation()
    defer { prefix.remove() }
    let scratch = prefix.root.appendingPathComponent("swift-build")
    let build = try run(
      "/usr/bin/env",
      [
        "swift", "build", "--package-path",
        repositoryRoot.appendingPathComponent("Examples/SwiftFrontEnd").path,
        "--scratch-path", scratch.path,
      ],
      // SwiftPM puts its lock files in TMPDIR: keep them in the directory the test removes.
      environment: prefix.environment.merging(["TMPDIR": prefix.root.path]) { $1 })
    #expect(build.status == 0, "swift build failed: \(build.standardOutput)\(build.standardError)")
    #expect(!build.standardOutput.contains("warning:"), "\(build.standardOutput)")
    let library = scratch.appendingPathComponent("debug/libmine-swift.so").path
    try #require(FileManager.default.fileExists(atPath: library))
    try makeWritableByOwnerOnly(library)

    let result = try run(
      prefix.path("bin/tictactoe"), ["--frontend", library, "--auth-delay", "0"],
      input: Self.gameToAWin, environment: prefix.environment)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.hasSuffix("== Winner! Congrats Blob! ==\nX O .\nX O .\nX . .\n"))
  }

  @Test func uninstallRemovesWhatInstallPutThere() throws {
    let prefix = try Installation()
    defer { prefix.remove() }
    let result = try run(
      "/usr/bin/env",
      [
        "bash", repositoryRoot.appendingPathComponent("Scripts/install.sh").path, "--uninstall",
        "--prefix", prefix.prefix.path,
      ])
    #expect(result.status == 0, "\(result.standardError)")
    let remaining = FileManager.default.enumerator(atPath: prefix.prefix.path)?
      .compactMap { $0 as? String }
      .filter { !Installation.sharedDirectories.contains($0) }
    #expect(remaining == [])
  }
}

/// A fresh installation into a temporary prefix.
struct Installation {
  /// The stock front ends the install puts in PREFIX/lib/tictactoe/frontends.
  static let stockFrontEnds = ["ansi", "example", "jsonl", "text"]
  /// The directories an install uses that other packages use too, which uninstall leaves.
  static let sharedDirectories: Set<String> = [
    "bin", "include", "lib", "lib/pkgconfig", "share", "share/man", "share/man/man1",
    "share/bash-completion", "share/bash-completion/completions", "share/zsh",
    "share/zsh/site-functions", "share/fish", "share/fish/vendor_completions.d",
  ]

  /// A temporary directory holding the prefix and anything else a test makes.
  let root: URL
  /// The installation prefix.
  let prefix: URL

  init(sourceLocation: SourceLocation = #_sourceLocation) throws {
    root = FileManager.default.temporaryDirectory
      .appendingPathComponent("tictactoe-install-\(UUID().uuidString)")
    prefix = root.appendingPathComponent("prefix")
    let result = try run(
      "/usr/bin/env",
      [
        "bash", repositoryRoot.appendingPathComponent("Scripts/install.sh").path,
        "--prefix", prefix.path, "--bin-dir", binDirectory.path,
      ])
    try #require(
      result.status == 0, "install.sh failed: \(result.standardError)",
      sourceLocation: sourceLocation)
  }

  /// The path of `relative` inside the prefix.
  func path(_ relative: String) -> String { prefix.appendingPathComponent(relative).path }

  /// The environment of a user of this installation: pkg-config searches its pkgconfig
  /// directory, and no front-end path set outside leaks in.
  var environment: [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["PKG_CONFIG_PATH"] = path("lib/pkgconfig")
    environment["TICTACTOE_FRONTEND_PATH"] = nil
    return environment
  }

  /// What `pkg-config OPTION tictactoe-frontend` prints, trimmed.
  func pkgConfig(_ option: String) throws -> String {
    let result = try run(
      "/usr/bin/env", ["pkg-config", option, "tictactoe-frontend"], environment: environment)
    try #require(result.status == 0, "pkg-config failed: \(result.standardError)")
    return result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Deletes the temporary directory.
  func remove() { try? FileManager.default.removeItem(at: root) }
}

/// The repository's root directory.
let repositoryRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The directory `swift build` put the products in: the one holding this test binary.
let binDirectory: URL = {
  let executable =
    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
    ?? CommandLine.arguments[0]
  var directory = URL(fileURLWithPath: executable).deletingLastPathComponent()
  // Swift Testing may run from inside an .xctest bundle directory.
  while directory.pathExtension == "xctest" || directory.lastPathComponent == "Contents"
    || directory.lastPathComponent == "MacOS"
  {
    directory = directory.deletingLastPathComponent()
  }
  return directory
}()

/// Makes a library and its directory writable by their owner only, whatever the umask: the host
/// refuses to load a library that other users could change.
func makeWritableByOwnerOnly(_ library: String) throws {
  let file = URL(fileURLWithPath: library).resolvingSymlinksInPath()
  for url in [file, file.deletingLastPathComponent()] {
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
  }
}

/// Runs a program to completion with `input` lines on its standard input, and returns its
/// status and outputs. It is stopped after `timeLimitInSeconds` (two minutes unless told), so a
/// hang fails the test instead of stalling the run.
func run(
  _ executable: String, _ arguments: [String], input: [String] = [],
  environment: [String: String]? = nil, timeLimitInSeconds: Int = 120
) throws -> (status: Int32, standardOutput: String, standardError: String) {
  let outputs = FileManager.default.temporaryDirectory
    .appendingPathComponent("tictactoe-install-run-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: outputs, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: outputs) }
  let standardOutput = outputs.appendingPathComponent("stdout")
  let standardError = outputs.appendingPathComponent("stderr")
  _ = FileManager.default.createFile(atPath: standardOutput.path, contents: nil)
  _ = FileManager.default.createFile(atPath: standardError.path, contents: nil)

  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
  process.arguments = ["\(timeLimitInSeconds)", executable] + arguments
  if let environment { process.environment = environment }
  let stdin = Pipe()
  process.standardInput = stdin
  process.standardOutput = try FileHandle(forWritingTo: standardOutput)
  process.standardError = try FileHandle(forWritingTo: standardError)
  try process.run()
  stdin.fileHandleForWriting.write(Data(input.map { $0 + "\n" }.joined().utf8))
  try stdin.fileHandleForWriting.close()
  process.waitUntilExit()
  return (
    process.terminationStatus, try String(contentsOf: standardOutput, encoding: .utf8),
    try String(contentsOf: standardError, encoding: .utf8)
  )
}
