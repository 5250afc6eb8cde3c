import Foundation
import FrontEndHost
import TestSupport
import Testing
import TicTacToeFrontEndABI

/// The loader opens only absolute paths, made canonical, and refuses a library that another
/// user could have changed, unless the host allows unsafe front ends. Each refusal names the
/// file and says why.
@MainActor
@Suite struct LoadPolicyTests {
  let host = makeTestHost()

  /// A fresh copy of the probe, alone in its own directory (both mode 755, owned by us).
  private func probeCopy() async throws -> (directory: String, file: String) {
    let file = try await Fixtures.compile("probe.c")
    return ((file as NSString).deletingLastPathComponent, file)
  }

  private func refusal(
    _ path: String, sourceLocation: SourceLocation = #_sourceLocation
  ) -> FrontEndLoadError? {
    switch host.attach(FrontEndSpec(path), ownsTerminal: false) {
    case .success(let session):
      Issue.record("\(path) was loaded", sourceLocation: sourceLocation)
      host.detach(session)
      return nil
    case .failure(let error):
      #expect(host.attachedFrontEnds.isEmpty, sourceLocation: sourceLocation)
      return error
    }
  }

  // MARK: Paths

  @Test(arguments: ["libprobe.so", "./libprobe.so", "../lib/libprobe.so", ""])
  func theLoaderRefusesRelativePaths(path: String) {
    do {
      _ = try FrontEndLoader.load(path: path)
      Issue.record("the relative path '\(path)' was loaded")
    } catch {
      #expect(error.file == path)
      #expect(error.reason == "it is a relative path; the loader opens absolute paths only")
    }
  }

  @Test func theHostMakesARelativeSpecAbsolute() throws {
    let current = FileManager.default.currentDirectoryPath
    #expect(try host.resolve(FrontEndSpec("lib/libmine.so")) == current + "/lib/libmine.so")
    #expect(try host.resolve(FrontEndSpec("./libmine.so:out")) == current + "/libmine.so")
    let error = refusal("no/such/libmine.so")
    #expect(error?.file == current + "/no/such/libmine.so")
    #expect(error?.reason == "no such file")
  }

  @Test func symbolicLinksAndDotsAreResolvedToTheCanonicalFile() async throws {
    let (directory, file) = try await probeCopy()
    let links = try Fixtures.temporaryDirectory().path
    let name = (file as NSString).lastPathComponent
    let directoryName = (directory as NSString).lastPathComponent
    try FileManager.default.createSymbolicLink(
      atPath: links + "/libalias.so", withDestinationPath: "../\(directoryName)/\(name)")
    try FileManager.default.createSymbolicLink(
      atPath: links + "/directory", withDestinationPath: directory)
    for given in [
      links + "/libalias.so", links + "/directory/./" + name, links + "/directory//" + name,
      links + "/../\(directoryName)/\(name)",
    ] {
      let session = try host.attach(FrontEndSpec(given), ownsTerminal: false).get()
      #expect(session.frontEnd.path == file, "\(given)")
      host.detach(session)
    }
  }

  // MARK: Permissions

  @Test(arguments: [
    (0o666, 0o755, "the file is world-writable (mode 666)"),
    (0o777, 0o755, "the file is world-writable (mode 777)"),
    (0o775, 0o755, "the file is group-writable (mode 775)"),
    (0o620, 0o755, "the file is group-writable (mode 620)"),
    (0o755, 0o777, "its directory DIR is world-writable (mode 777)"),
    (0o755, 0o1777, "its directory DIR is world-writable (mode 1777)"),
    (0o755, 0o775, "its directory DIR is group-writable (mode 775)"),
  ])
  func aLibraryOthersCanWriteIsRefused(fileMode: Int, directoryMode: Int, reason: String)
    async throws
  {
    let (directory, file) = try await probeCopy()
    #expect(chmod(file, mode_t(fileMode)) == 0)
    #expect(chmod(directory, mode_t(directoryMode)) == 0)
    defer { chmod(directory, 0o755) }
    let error = try #require(refusal(file))
    #expect(error.file == file)
    let expected = reason.replacingOccurrences(of: "DIR", with: directory)
    #expect(error.reason.hasPrefix("unsafe: \(expected); "), "\(error)")
    #expect(error.description.contains("--allow-unsafe-frontends"))
    // The same file loads when the host allows unsafe front ends.
    host.loadPolicy = .allowUnsafe
    let session = try host.attach(FrontEndSpec(file), ownsTerminal: false).get()
    #expect(session.frontEnd.path == file)
  }

  @Test(.enabled(if: geteuid() == 0, "only root can give a file to another user"))
  func aLibraryOwnedByAnotherUserIsRefused() async throws {
    let nobody = try #require(getpwnam("nobody")).pointee.pw_uid
    let (_, file) = try await probeCopy()
    #expect(chown(file, nobody, gid_t(bitPattern: -1)) == 0)
    let fileError = try #require(refusal(file))
    #expect(
      fileError.reason.hasPrefix(
        "unsafe: the file is owned by nobody (uid \(nobody)), not by the user running the host "
          + "(root (uid 0)) or root; "), "\(fileError)")

    let (otherDirectory, otherFile) = try await probeCopy()
    #expect(chown(otherDirectory, nobody, gid_t(bitPattern: -1)) == 0)
    let directoryError = try #require(refusal(otherFile))
    #expect(
      directoryError.reason.hasPrefix(
        "unsafe: its directory \(otherDirectory) is owned by nobody (uid \(nobody))"),
      "\(directoryError)")

    host.loadPolicy = .allowUnsafe
    _ = try host.attach(FrontEndSpec(file), ownsTerminal: false).get()
    _ = try host.attach(FrontEndSpec(otherFile), ownsTerminal: false).get()
  }

  @Test func onlyTheCanonicalFileAndItsDirectoryCount() async throws {
    // A link in a world-writable directory to a safe file: the link is resolved once, and the
    // file it names is what gets loaded.
    let (_, safe) = try await probeCopy()
    let open = try Fixtures.temporaryDirectory().path
    #expect(chmod(open, 0o777) == 0)
    try FileManager.default.createSymbolicLink(
      atPath: open + "/libsafe.so", withDestinationPath: safe)
    let session = try host.attach(FrontEndSpec(open + "/libsafe.so"), ownsTerminal: false).get()
    #expect(session.frontEnd.path == safe)
    host.detach(session)

    // A link in a safe directory to a file in a world-writable one: refused, naming both.
    let (unsafeDirectory, unsafe) = try await probeCopy()
    #expect(chmod(unsafeDirectory, 0o777) == 0)
    let links = try Fixtures.temporaryDirectory().path
    try FileManager.default.createSymbolicLink(
      atPath: links + "/libunsafe.so", withDestinationPath: unsafe)
    let error = try #require(refusal(links + "/libunsafe.so"))
    #expect(error.file == unsafe)
    #expect(
      error.reason.hasPrefix(
        "unsafe (the canonical path of \(links)/libunsafe.so): its directory \(unsafeDirectory) "
          + "is world-writable"), "\(error)")
  }

  @Test func theCheckIsMadeAtEveryLoadNotOnlyTheFirst() async throws {
    let (_, file) = try await probeCopy()
    let session = try host.attach(FrontEndSpec(file), ownsTerminal: false).get()
    host.detach(session)
    #expect(chmod(file, 0o666) == 0)
    #expect(refusal(file)?.reason.hasPrefix("unsafe: the file is world-writable") == true)
    #expect(chmod(file, 0o755) == 0)
    _ = try host.attach(FrontEndSpec(file), ownsTerminal: false).get()
  }

  @Test func aFrontEndCannotRequestAnUnsafeLibrary() async throws {
    let probe = try await Probe()
    _ = try host.attach(FrontEndSpec(probe.path), ownsTerminal: false).get()
    let (_, file) = try await probeCopy()
    #expect(chmod(file, 0o646) == 0)
    #expect(probe.request(TTT_REQUEST_ATTACH, file) == TTT_ERR_UNKNOWN)
    #expect(probe.lastError.contains("cannot load front end '\(file)': unsafe: the file is "))
    #expect(probe.request(TTT_REQUEST_SWITCH, file) == TTT_ERR_UNKNOWN)
    #expect(host.attachedFrontEnds.count == 1)
  }
}

/// `tictactoe --allow-unsafe-frontends`, and the refusals without it.
@Suite struct LoadPolicyProcessTests {
  private func worldWritableProbe(named name: String? = nil) async throws -> (
    directory: String, file: String
  ) {
    var file = try await Fixtures.compile("probe.c")
    let directory = (file as NSString).deletingLastPathComponent
    if let name {
      let renamed = directory + "/" + name
      try FileManager.default.moveItem(atPath: file, toPath: renamed)
      file = renamed
    }
    #expect(chmod(file, 0o666) == 0)
    return (directory, file)
  }

  private func tictactoe(
    _ arguments: [String], environment: [String: String] = [:]
  ) async throws -> (status: Int32, standardOutput: String, standardError: String) {
    try #require(
      FileManager.default.isExecutableFile(atPath: Fixtures.hostExecutable),
      "\(Fixtures.hostExecutable) is missing; build it first (swift build)")
    var fullEnvironment = ProcessInfo.processInfo.environment
    fullEnvironment.merge(environment) { $1 }
    return try await Fixtures.run(Fixtures.hostExecutable, arguments, environment: fullEnvironment)
  }

  @Test func theHostRefusesAnUnsafeFrontEndAndSaysWhy() async throws {
    let (_, file) = try await worldWritableProbe()
    let refused = try await tictactoe(["--frontend", file])
    #expect(refused.status == 3)
    #expect(
      refused.standardError.contains(
        "tictactoe: cannot load front end '\(file)': unsafe: the file is world-writable (mode 666)"
      ), "\(refused.standardError)")
    #expect(refused.standardError.contains("--allow-unsafe-frontends"))

    let allowed = try await tictactoe(["--allow-unsafe-frontends", "--frontend", file])
    #expect(allowed.status == 0, "\(allowed.standardError)")
    #expect(!allowed.standardError.contains("cannot load"))
  }

  @Test func listFrontEndsAppliesThePolicy() async throws {
    let (directory, file) = try await worldWritableProbe(named: "libtictactoe-unsafeprobe.so")
    let environment = ["TICTACTOE_FRONTEND_PATH": directory]
    func line(_ output: String) -> Substring? {
      output.split(separator: "\n").first { $0.hasSuffix("\t\(file)") }
    }
    let listed = try await tictactoe(["--list-frontends"], environment: environment)
    #expect(
      line(listed.standardOutput)?.hasPrefix(
        "unsafeprobe\t-\t-\tunsafe: the file is world-writable") == true, "\(listed)")
    let allowed = try await tictactoe(
      ["--list-frontends", "--allow-unsafe-frontends"], environment: environment)
    #expect(line(allowed.standardOutput)?.hasPrefix("probe\t0.0.1\tABI ") == true, "\(allowed)")
  }

  @Test func helpAndUsageMentionTheFlag() async throws {
    let help = try await tictactoe(["--help"])
    #expect(help.standardOutput.contains("--allow-unsafe-frontends"))
    let readme = try String(
      contentsOf: Fixtures.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
    #expect(readme.contains("--allow-unsafe-frontends"))
  }
}
