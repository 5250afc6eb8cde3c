import Foundation
import FrontEndHost
import HostIO
import Persistence
import TestSupport
import Testing
import TicTacToeAppCore
import TicTacToeAuthenticationClient
import TicTacToeAuthenticationClientLive
import TicTacToeFrontEndABI
import TicTacToeGameCore
import TicTacToeNewGameCore
import UnidirectionalFlow
import UnidirectionalFlowTesting

/// Rewinding the host's whole state tree: undoing moves, going back to a revision, effects in
/// flight cancelled, the history's bound, front ends redrawing, and rewinds in a recording.
@MainActor
@Suite struct RewindTests {
  private func tap(_ host: FrontEndHost, _ row: Int, _ column: Int) {
    host.store.send(.newGame(.game(.presented(.cellTapped(row: row, column: column)))))
  }

  private func game(_ host: FrontEndHost) -> Game.State? {
    guard case .newGame(let newGame) = host.store.state else { return nil }
    return newGame.game
  }

  @Test func undoStepsBackOneMoveAtATime() async throws {
    let host = makeTestHost()
    await startGame(on: host)
    #expect(throws: HostCallError.self) { try host.undoMove().get() }
    tap(host, 1, 1)
    tap(host, 0, 0)
    tap(host, 0, 0)  // taken: no change, nothing to undo for it
    try host.undoMove().get()
    #expect(game(host)?.board[1][1] == .x)
    #expect(game(host)?.board[0][0] == nil)
    #expect(game(host)?.currentPlayer == .o)
    try host.undoMove().get()
    #expect(game(host)?.board.allSatisfy { $0.allSatisfy { $0 == nil } } == true)
    #expect(game(host)?.currentPlayer == .x)
    #expect {
      try host.undoMove().get()
    } throws: { error in
      (error as? HostCallError)?.message == "no move of this game is left to undo"
    }
  }

  @Test func undoNeedsAGameOnScreen() {
    let host = makeTestHost()
    #expect {
      try host.undoMove().get()
    } throws: { error in
      (error as? HostCallError)?.message.contains("no game is being played") == true
    }
  }

  /// Issue 22, P6: a game restored without its history (a session file written before the
  /// history was saved) says where the history starts, rather than that no move is left.
  @Test func undoPastARestoreWithoutHistorySaysWhereTheHistoryStarts() {
    var restored = Game.State(oPlayerName: "Blub", xPlayerName: "Blob")
    restored.board[1][1] = .x
    restored.currentPlayer = .o
    let host = makeTestHost(
      initialState: .newGame(
        NewGame.State(oPlayerName: "Blub", xPlayerName: "Blob", game: restored)))
    tap(host, 0, 0)
    try? host.undoMove().get()
    #expect(game(host)?.board[0][0] == nil)
    #expect {
      try host.undoMove().get()
    } throws: { error in
      (error as? HostCallError)?.message
        == "no earlier move of this game is kept: the history starts at the restore "
        + "(or 1000 changes back)"
    }
  }

  @Test func rewindGoesBackToARevisionAndIsItselfUndoable() async throws {
    let host = makeTestHost()
    #expect(host.revision == 0)
    host.store.send(.login(.view(.binding(.set(\.email, "blob@pointfree.co")))))
    let typed = host.revision
    let typedState = host.store.state
    await startGame(on: host)
    tap(host, 2, 2)
    let played = host.revision
    let playedState = host.store.state
    try host.rewind(toRevision: typed).get()
    #expect(host.store.state == typedState)
    #expect(host.revision == played + 1, "a rewind is a new revision")
    try host.rewind(toRevision: played).get()
    #expect(host.store.state == playedState)
    #expect {
      try host.rewind(toRevision: 9999).get()
    } throws: { error in
      (error as? HostCallError)?.message.contains("revision 9999 is not in the history") == true
    }
  }

  @Test func rewindCancelsTheEffectsInFlight() async throws {
    let clock = TestClock()
    let store = Store(initialState: TicTacToe.State()) {
      TicTacToe()
    } withDependencies: {
      $0.authenticationClient = .live(latency: .seconds(1))
      $0.continuousClock = clock
    }
    let host = FrontEndHost(
      store: store,
      searchPath: FrontEndSearchPath(executablePath: "/nonexistent", environment: [:]),
      loop: PollingEventLoop.shared)
    host.diagnostics = { _ in }
    store.send(.login(.view(.binding(.set(\.email, "blob@pointfree.co")))))
    store.send(.login(.view(.binding(.set(\.password, "password")))))
    let before = host.revision
    store.send(.login(.view(.loginButtonTapped)))
    #expect(store.effectsInFlight == 1)
    try host.rewind(toRevision: before).get()
    await store.awaitEffects()
    await clock.advance(by: .seconds(2))
    #expect(store.effectsInFlight == 0)
    guard case .login(let login) = store.state else {
      Issue.record("the login request finished after the rewind: \(store.state)")
      return
    }
    #expect(!login.isLoginRequestInFlight)
  }

  @Test func theHistoryKeepsItsBound() async throws {
    let host = makeTestHost()
    for index in 0...StateHistory.capacity {
      host.store.send(.login(.view(.binding(.set(\.email, "\(index)@example.com")))))
    }
    #expect(throws: HostCallError.self) { try host.rewind(toRevision: 0).get() }
    try host.rewind(toRevision: host.revision - UInt64(StateHistory.capacity) + 1).get()
    guard case .login(let login) = host.store.state else { throw CancellationError() }
    #expect(login.email == "1@example.com")
  }

  @Test func everyFrontEndRedrawsAfterAnUndo() async throws {
    let host = makeTestHost()
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let events = directory.appendingPathComponent("events.jsonl").path
    let screen = directory.appendingPathComponent("screen.txt").path
    _ = try host.attach(FrontEndSpec("jsonl:\(events)"), ownsTerminal: false).get()
    _ = try host.attach(FrontEndSpec("text:\(screen)"), ownsTerminal: false).get()
    await startGame(on: host)
    tap(host, 0, 2)
    host.flushOutputs()
    #expect(contents(of: events).split(separator: "\n").last?.contains(#"[null,null,"x"]"#) == true)
    try host.undoMove().get()
    host.flushOutputs()
    let last = contents(of: events).split(separator: "\n").last ?? ""
    #expect(last.contains(#""board":[[null,null,null],[null,null,null],[null,null,null]]"#))
    #expect(
      contents(of: screen).hasSuffix(contents(of: screen).components(separatedBy: "==").last ?? ""))
    #expect(contents(of: screen).components(separatedBy: "Blob, place your X").count == 3)
  }

  @Test func aRecordedRewindReplays() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let log = directory.appendingPathComponent("log.jsonl").path
    let recorded = makeTestHost()
    try recorded.record(to: log)
    await startGame(on: recorded)
    tap(recorded, 1, 1)
    tap(recorded, 0, 1)
    try recorded.undoMove().get()
    tap(recorded, 2, 2)
    recorded.flushOutputs()
    #expect(contents(of: log).contains(#""origin":"rewind""#))

    let lines = contents(of: log).split(separator: "\n").map { Array($0.utf8) }
    let start = try ActionLog.decodeHeader(lines[0])
    let records = try lines.dropFirst().enumerated().map { index, line in
      (number: index + 2, record: try ActionLog.decode(line))
    }
    let store = Store(initialState: start) { TicTacToe().droppingEffects(if: true) }
    let replayed = FrontEndHost(
      store: store,
      searchPath: FrontEndSearchPath(executablePath: "/nonexistent", environment: [:]),
      loop: PollingEventLoop.shared)
    var ended = false
    ReplayDriver(host: replayed, lines: records, name: log).run(at: .atOnce) { _ in ended = true }
    #expect(ended)
    #expect(SessionSnapshot.restored(store.state) == SessionSnapshot.restored(recorded.store.state))
  }
}

/// Rewinding through the C ABI: the root state's revision, and the REWIND and UNDO requests,
/// checked when made and carried out after the callback.
@MainActor
@Suite struct RewindRequestTests {
  @Test func aFrontEndRewindsByRevisionAndUndoesMoves() async throws {
    let host = makeTestHost()
    let probe = try await Probe()
    _ = try host.attach(FrontEndSpec(probe.path), ownsTerminal: false).get()
    #expect(probe.revision == 0)
    #expect(probe.request(TTT_REQUEST_UNDO, "") == TTT_ERR_INACTIVE)
    #expect(probe.lastError == "no game is being played, so there is no move to undo")
    await startGame(on: host)
    let started = probe.revision
    #expect(started == host.revision && started > 0)
    #expect(probe.send(TTT_ACTION_GAME_CELL_TAPPED, row: 1, column: 1) == TTT_OK)
    #expect(probe.revision == started + 1)

    #expect(probe.request(TTT_REQUEST_UNDO, "") == TTT_OK)
    await Task.yield()
    await host.store.awaitEffects()
    guard case .newGame(let newGame) = host.store.state, let game = newGame.game else {
      Issue.record("no game after the undo: \(host.store.state)")
      return
    }
    #expect(game.board[1][1] == nil)
    #expect(probe.revision == started + 2)

    #expect(probe.request(TTT_REQUEST_REWIND, "12345") == TTT_ERR_UNKNOWN)
    #expect(probe.lastError.contains("revision 12345 is not in the history"))
    #expect(probe.request(TTT_REQUEST_REWIND, "two") == TTT_ERR_INVALID_ARGUMENT)
    #expect(probe.request(TTT_REQUEST_REWIND, "0") == TTT_OK)
    await Task.yield()
    #expect(host.store.state == TicTacToe.State())
    #expect(probe.revision == started + 3)
  }
}
