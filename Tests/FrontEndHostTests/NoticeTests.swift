import Foundation
import FrontEndHost
import TestSupport
import Testing
import TicTacToeFrontEndABI

/// `notice` and `on_notice` (ABI 1.4), through two probes: a front end's word for the person at
/// the terminal (the `web` front end's URL) reaches the terminal owner and the log, and nothing
/// else; an older owner is never called.
@MainActor
@Suite struct NoticeTests {
  let host = makeTestHost()
  let log: DiagnosticLines
  let url = "open http://127.0.0.1:8080/?token=0123456789abcdef in a browser"

  init() { log = DiagnosticLines(host) }

  /// A probe attached as the terminal owner (`owner`) or as an observer.
  func attach(_ probe: Probe, owner: Bool) throws {
    _ = try host.attach(FrontEndSpec(probe.path), ownsTerminal: owner).get()
  }

  func notice(_ probe: Probe, _ text: String) -> ttt_status {
    typealias Notice = @convention(c) (UnsafePointer<CChar>?) -> Int32
    return ttt_status(text.withCString { probe.function("probe_notice", as: Notice.self)($0) })
  }

  func notices(_ probe: Probe) -> UInt32 {
    probe.function("probe_notices", as: (@convention(c) () -> UInt32).self)()
  }

  func lastNotice(_ probe: Probe) -> String {
    String(
      cString: probe.function(
        "probe_last_notice", as: (@convention(c) () -> UnsafePointer<CChar>).self)())
  }

  @Test func anObserversNoticeReachesTheOwnerAfterTheCallAndTheLogAtOnce() async throws {
    let owner = try await Probe()
    let observer = try await Probe()
    try attach(owner, owner: true)
    try attach(observer, owner: false)
    #expect(notice(observer, url) == TTT_OK)
    #expect(log.lines == ["tictactoe: [probe] info: \(url)"])
    // Handed from the store thread's queue, never inside the call that gave it.
    #expect(notices(owner) == 0)
    #expect(await yield { notices(owner) == 1 })
    #expect(lastNotice(owner) == "probe: \(url)")
    await drainMainActor()
    #expect(notices(observer) == 0, "an observer is never handed a notice")
    #expect(notices(owner) == 1)
  }

  /// A client of the host's socket is a front end too (`owns_terminal` set, its terminal the
  /// client's): it is not the host's terminal owner, and a notice never goes down its socket.
  @Test func aClientsFrontEndIsNeverHandedANotice() async throws {
    let owner = try await Probe()
    let client = try await Probe()
    let observer = try await Probe()
    try attach(owner, owner: true)
    let pair = SocketPair()
    defer { close(pair.peer) }
    host.serve(connection: pair.local, frontEnd: FrontEndSpec(client.path))
    // Its connection stops reading before the host goes, and before the peer's end closes.
    defer { host.detachAll() }
    #expect(host.connectionCount == 1)
    try attach(observer, owner: false)
    #expect(notice(observer, url) == TTT_OK)
    #expect(await yield { notices(owner) == 1 })
    await drainMainActor()
    #expect(notices(client) == 0)
  }

  @Test func theOwnersOwnNoticeIsOnlyLogged() async throws {
    let owner = try await Probe()
    try attach(owner, owner: true)
    #expect(notice(owner, url) == TTT_OK)
    await drainMainActor()
    await drainMainActor()
    #expect(notices(owner) == 0)
    #expect(log.lines == ["tictactoe: [probe] info: \(url)"])
  }

  @Test func anOwnerThatAttachesLaterIsHandedTheLastNoticeOfEachObserver() async throws {
    let observer = try await Probe()
    let owner = try await Probe()
    try attach(observer, owner: false)
    #expect(notice(observer, "first") == TTT_OK)
    #expect(notice(observer, url) == TTT_OK)
    try attach(owner, owner: true)
    #expect(await yield { notices(owner) == 1 })
    #expect(lastNotice(owner) == "probe: \(url)")
  }

  @Test func aNoticeOfAFrontEndThatLeftIsNotHanded() async throws {
    let owner = try await Probe()
    let observer = try await Probe()
    try attach(owner, owner: true)
    try attach(observer, owner: false)
    #expect(notice(observer, url) == TTT_OK)
    let session = try #require(host.attachedFrontEnds.last)
    host.detach(session)
    await drainMainActor()
    await drainMainActor()
    #expect(notices(owner) == 0, "its URL no longer serves anything")
  }

  @Test(arguments: ["", "two\nlines", "\u{1B}[2Jcleared", String(repeating: "x", count: 4097)])
  func aNoticeThatIsNotOneShortLineIsRefusedAndGoesNowhere(_ text: String) async throws {
    let owner = try await Probe()
    let observer = try await Probe()
    try attach(owner, owner: true)
    try attach(observer, owner: false)
    #expect(notice(observer, text) == TTT_ERR_INVALID_ARGUMENT)
    #expect(observer.lastError.hasPrefix("a notice is "))
    await drainMainActor()
    await drainMainActor()
    #expect(notices(owner) == 0)
    #expect(log.lines.isEmpty)
  }

  /// A 1.3 front end's descriptor ends at `consume_input`: it still loads as a terminal owner
  /// that reads input, and the host never reads an `on_notice` past its end.
  @Test func aFrontEndBuiltFor13LoadsAndIsNeverHandedANotice() async throws {
    let older = try await Probe(defines: ["PROBE_ABI_MINOR=3"])
    let observer = try await Probe()
    let session = try host.attach(FrontEndSpec(older.path), ownsTerminal: true).get()
    #expect(session.frontEnd.abiVersion == "1.3")
    #expect(session.frontEnd.readsInput)
    try attach(observer, owner: false)
    #expect(notice(observer, url) == TTT_OK)
    await drainMainActor()
    await drainMainActor()
    #expect(notices(older) == 0)
    #expect(log.lines == ["tictactoe: [probe] info: \(url)"])
  }
}
