import Foundation
import FrontEndHost
import HostIO
import TestSupport
import Testing
import TicTacToeFrontEndABI

/// One test per way a front end can fail to load: each gets one clear error naming the file
/// and the reason, and the front ends that did load keep running.
@MainActor
@Suite struct LoadFailureTests {
  private func expectFailure(
    _ path: String, reason expected: String, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let host = makeTestHost()
    let probe = try await Fixtures.compile("probe.c")
    let good = host.attach(FrontEndSpec(probe), ownsTerminal: false)
    #expect(throws: Never.self, sourceLocation: sourceLocation) { try good.get() }
    let result = host.attach(FrontEndSpec(path), ownsTerminal: false)
    guard case .failure(let error) = result else {
      Issue.record("\(path) loaded, but should not have", sourceLocation: sourceLocation)
      return
    }
    #expect(error.description.contains(path), sourceLocation: sourceLocation)
    #expect(
      error.reason.contains(expected), "reason was: \(error.reason)",
      sourceLocation: sourceLocation)
    #expect(host.attachedFrontEnds.map(\.name) == ["probe"], sourceLocation: sourceLocation)
    host.store.send(.login(.view(.binding(.set(\.email, "still@working")))))
    guard case .login(let login) = host.store.state else {
      Issue.record("the state left login", sourceLocation: sourceLocation)
      return
    }
    #expect(login.email == "still@working", sourceLocation: sourceLocation)
  }

  @Test func missingFile() async throws {
    let path = try Fixtures.temporaryDirectory().appendingPathComponent("libnothing.so").path
    try await expectFailure(path, reason: "no such file")
  }

  @Test func notASharedLibrary() async throws {
    let path = try Fixtures.temporaryDirectory().appendingPathComponent("libtext.so").path
    try "just text".write(toFile: path, atomically: true, encoding: .utf8)
    try await expectFailure(path, reason: "not a loadable shared library")
  }

  @Test func directory() async throws {
    let path = try Fixtures.temporaryDirectory().path
    try await expectFailure(path, reason: "is a directory")
  }

  @Test func noEntrySymbol() async throws {
    try await expectFailure(
      try await Fixtures.compile("broken.c", defines: ["BROKEN_NO_ENTRY"]),
      reason: "does not export the entry symbol 'tictactoe_frontend_entry'")
  }

  @Test func entryReturnsNull() async throws {
    try await expectFailure(
      try await Fixtures.compile("broken.c", defines: ["BROKEN_ENTRY_RETURNS_NULL"]),
      reason: "entry symbol returned NULL")
  }

  @Test func otherMajorVersion() async throws {
    try await expectFailure(
      try await Fixtures.compile("broken.c", defines: ["BROKEN_ABI_MAJOR"]),
      reason: "built for front-end ABI 2.\(TTT_ABI_VERSION_MINOR), a different major version; "
        + "this host implements ABI 1.\(TTT_ABI_VERSION_MINOR)")
  }

  @Test func newerMinorVersion() async throws {
    try await expectFailure(
      try await Fixtures.compile("broken.c", defines: ["BROKEN_ABI_MINOR"]),
      reason: "built for front-end ABI 1.\(TTT_ABI_VERSION_MINOR + 7), a newer minor version than "
        + "this host knows")
  }

  @Test func descriptorTooSmall() async throws {
    try await expectFailure(
      try await Fixtures.compile("broken.c", defines: ["BROKEN_SMALL_STRUCT"]),
      reason: "its descriptor is 12 bytes")
  }

  @Test func nullAttach() async throws {
    try await expectFailure(
      try await Fixtures.compile("broken.c", defines: ["BROKEN_NULL_ATTACH"]),
      reason: "NULL attach callback")
  }

  @Test func nullDetach() async throws {
    try await expectFailure(
      try await Fixtures.compile("broken.c", defines: ["BROKEN_NULL_DETACH"]),
      reason: "NULL detach callback")
  }

  @Test func nullName() async throws {
    try await expectFailure(
      try await Fixtures.compile("broken.c", defines: ["BROKEN_NULL_NAME"]),
      reason: "no valid name")
  }

  /// The header's name rule: ASCII letters of either case, digits, `-` and `_`.
  @Test func aNameOutsideTheRuleIsRefusedAndOneInsideItLoads() async throws {
    try await expectFailure(
      try await Fixtures.compile("broken.c", defines: ["BROKEN_NON_ASCII_NAME"]),
      reason: "no valid name (1 to 64 of a-z, A-Z, 0-9, '-' and '_')")
    let path = try await Fixtures.compile("broken.c", defines: ["MIXED_CASE_NAME"])
    #expect(try FrontEndLoader.load(path: path).name == "Broken_2-B")
  }

  @Test func readsInputWithoutOnInput() async throws {
    try await expectFailure(
      try await Fixtures.compile("broken.c", defines: ["BROKEN_READS_INPUT_WITHOUT_ON_INPUT"]),
      reason: "both its on_input and consume_input callbacks are NULL")
  }

  @Test func attachFails() async throws {
    try await expectFailure(
      try await Fixtures.compile("broken.c", defines: ["BROKEN_ATTACH_FAILS"]),
      reason: "attach callback failed with TTT_ERR_UNSUPPORTED (5)")
  }

  @Test func anOlderMinorVersionStillLoads() async throws {
    let host = makeTestHost()
    let path = try await Fixtures.compile("broken.c", defines: ["OLDER_MINOR"])
    let session = try host.attach(FrontEndSpec(path), ownsTerminal: false).get()
    #expect(session.frontEnd.abiVersion == "1.0")
  }

  @Test func unknownStockName() throws {
    let host = makeTestHost()
    let result = host.attach(FrontEndSpec("nonexistent"), ownsTerminal: true)
    guard case .failure(let error) = result else {
      Issue.record("a front end named nonexistent loaded")
      return
    }
    #expect(error.reason.contains("no front end named 'nonexistent'"))
    #expect(error.reason.contains("libtictactoe-nonexistent.so"))
  }

  /// The package leaves `web` out where libmicrohttpd's header is missing: the host then says
  /// what to install, not merely that it found no such library.
  @Test func webThatWasNotBuiltSaysWhatToInstall() throws {
    let directory = try Fixtures.temporaryDirectory()
    let host = FrontEndHost(
      store: makeTestHost().store,
      searchPath: FrontEndSearchPath(
        executablePath: directory.appendingPathComponent("tictactoe").path, environment: [:]),
      loop: PollingEventLoop.shared)
    do throws(FrontEndLoadError) {
      _ = try host.resolve(FrontEndSpec("web:127.0.0.1:8080"))
      Issue.record("a front end named web was found in an empty directory")
    } catch {
      #expect(
        error.reason
          == "the web front end was not built: install libmicrohttpd-dev (apt) and rebuild")
    }
  }
}
