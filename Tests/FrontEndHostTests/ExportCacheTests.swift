import TestSupport
import Testing
import TicTacToeAppCore
import TicTacToeAppSchema
import TicTacToeFrontEndABI
import TicTacToeGameCore
import TicTacToeLoginCore
import TicTacToeNewGameCore
import TicTacToeTwoFactorCore
import UnidirectionalFlow

@testable import FrontEndHost

/// The screen exports kept between reads (issue 23, item 1): a screen is made again only when a
/// state it read reported a change, and every state put back whole drops what was kept.
@MainActor
@Suite struct ExportCacheTests {
  /// The export `read_new_game` hands out now.
  private func newGame(_ host: FrontEndHost) throws -> ExportCache.Entry? {
    host.bridge.exports.export(try HostFeature.newGame.state(in: host.store.state))
  }

  /// The export `read_game` hands out now.
  private func game(_ host: FrontEndHost) throws -> ExportCache.Entry? {
    host.bridge.exports.export(try HostFeature.game.state(in: host.store.state))
  }

  private func exported<T>(_ entry: ExportCache.Entry?, as _: T.Type) -> T? {
    var value: T?
    entry?.withBytes { value = $0.loadUnaligned(as: T.self) }
    return value
  }

  /// The X player's name in the new-game screen `entry` holds, read through its C string.
  private func xPlayerName(_ entry: ExportCache.Entry?) -> String? {
    exported(entry, as: ttt_new_game_state.self)?.x_player_name.map { String(cString: $0) }
  }

  private func rename(_ host: FrontEndHost, _ name: String) {
    host.store.send(.newGame(.binding(.set(\.xPlayerName, name))))
  }

  private func tap(_ host: FrontEndHost, _ row: Int, _ column: Int) {
    host.store.send(.newGame(.game(.presented(.cellTapped(row: row, column: column)))))
  }

  @Test func aMoveRemakesTheGameButNotTheNewGameScreenThatReadsOnlyWhetherItIsThere()
    async throws
  {
    let host = makeTestHost()
    await startGame(on: host)
    let screen = try #require(try newGame(host))
    let board = try #require(try game(host))
    #expect(try newGame(host) === screen, "nothing changed: both are kept")
    #expect(try game(host) === board)

    tap(host, 1, 1)
    #expect(try newGame(host) === screen, "the move changed no field of the new-game state")
    let moved = try #require(try game(host))
    #expect(moved !== board)
    #expect(exported(moved, as: ttt_game_state.self)?.board.1.1 == UInt8(TTT_PLAYER_X.rawValue))
    #expect(try game(host) === moved)
  }

  @Test func aChangedFieldRemakesTheScreen() async throws {
    let host = makeTestHost()
    await startGame(on: host)
    let screen = try #require(try newGame(host))
    rename(host, "Blobby")
    let renamed = try #require(try newGame(host))
    #expect(renamed !== screen)
    #expect(xPlayerName(renamed) == "Blobby")
  }

  /// What the export's stamp, taken once from the screen's own state, relies on: recorded
  /// field by field, a screen's export reads nothing of the child it presents.
  @Test func aScreensExportReadsNothingOfTheChildItPresents() {
    var login = Login.State()
    login.twoFactor = TwoFactor.State(token: "1234")
    let (_, loginReads) = StateChangeStamp.recording { StateExport.login(login, FieldStorage()) }
    login.twoFactor?.code = "1"
    #expect(loginReads.isCurrent)
    login.email = "blob@example.com"
    #expect(!loginReads.isCurrent)

    var newGame = NewGame.State(game: Game.State(oPlayerName: "Blob", xPlayerName: "Blobby"))
    let (_, newGameReads) = StateChangeStamp.recording {
      StateExport.newGame(newGame, FieldStorage())
    }
    newGame.game?.board[1][1] = .x
    #expect(newGameReads.isCurrent)
    newGame.xPlayerName = "Blobbo"
    #expect(!newGameReads.isCurrent)
  }

  @Test func anExportNobodyHoldsIsMadeAgainInPlace() async throws {
    let host = makeTestHost()
    await startGame(on: host)
    // As a front end's handle drops its last read before reading again.
    weak let board = try game(host)
    tap(host, 1, 1)
    let moved = try #require(try game(host))
    #expect(moved === board, "the same allocation, made again")
    #expect(exported(moved, as: ttt_game_state.self)?.board.1.1 == UInt8(TTT_PLAYER_X.rawValue))
  }

  @Test func anExportAFrontEndHoldsIsLeftAsItWasAndMadeAgainOnceReleased() async throws {
    let host = makeTestHost()
    await startGame(on: host)
    // Two front ends' handles, each keeping its last read.
    var readerA = try newGame(host)
    var readerB = try newGame(host)
    weak let first = readerA
    rename(host, "Blobby")
    readerA = try newGame(host)
    #expect(readerA !== first, "the other front end still holds the first")
    #expect(xPlayerName(readerB) != "Blobby", "and it still shows the name it was made with")
    readerB = try newGame(host)
    #expect(readerB === readerA)

    rename(host, "Blobbo")
    readerA = try newGame(host)
    #expect(readerA === first, "nobody holds the first any more: made again in place")
    #expect(xPlayerName(readerA) == "Blobbo")
    #expect(xPlayerName(readerB) == "Blobby", "the export the other front end holds is intact")
  }

  @Test func anUndoOrRewindShowsTheStatePutBack() async throws {
    let host = makeTestHost()
    await startGame(on: host)
    let start = host.revision
    tap(host, 1, 1)
    tap(host, 0, 0)
    // Read after each move: the kept export is the latest, made from the same states.
    #expect(exported(try game(host), as: ttt_game_state.self)?.board.0.0 != 0)
    try host.undoMove().get()
    #expect(exported(try game(host), as: ttt_game_state.self)?.board.0.0 == 0)
    #expect(exported(try game(host), as: ttt_game_state.self)?.board.1.1 != 0)
    try host.rewind(toRevision: start).get()
    #expect(exported(try game(host), as: ttt_game_state.self)?.board.1.1 == 0)
  }

  @Test func aScreenHandedOutAtARevisionIsKeptForThatRevisionOnly() async throws {
    let host = makeTestHost()
    await startGame(on: host)
    let exports = host.bridge.exports
    let start = host.revision
    #expect(exports.kept(.newGame, at: start) == nil, "nothing handed out yet")
    let screen = try #require(
      exports.export(
        try HostFeature.newGame.state(in: host.store.state), of: .newGame, at: start))
    #expect(exports.kept(.newGame, at: start) === screen, "the next reader's, without a look")
    #expect(exports.kept(.game, at: start) == nil, "another screen's is its own")

    rename(host, "Blobby")
    #expect(host.revision != start)
    #expect(exports.kept(.newGame, at: host.revision) == nil, "a change is a new revision")
    let renamed = try #require(
      exports.export(
        try HostFeature.newGame.state(in: host.store.state), of: .newGame, at: host.revision))
    #expect(xPlayerName(exports.kept(.newGame, at: host.revision)) == "Blobby")
    #expect(exports.kept(.newGame, at: host.revision) === renamed)
    exports.dropAll()
    #expect(exports.kept(.newGame, at: host.revision) == nil, "a state put back drops it")
  }

  @Test func theRootIsKeptForTheRevisionAndReplayProgressItShows() async throws {
    let host = makeTestHost()
    await startGame(on: host)
    let exports = host.bridge.exports
    let revision = host.revision
    #expect(exports.root(at: revision, replay: nil) == nil)
    let root = StateExport.root(host.store.state, revision: revision, replay: nil)
    exports.keep(root: root, replay: nil)
    #expect(exports.root(at: revision, replay: nil)?.active == root.active)
    #expect(exports.root(at: revision, replay: ReplayProgress(length: 3)) == nil)

    rename(host, "Blobby")
    #expect(exports.root(at: host.revision, replay: nil) == nil, "a change is a new revision")
    exports.keep(
      root: StateExport.root(host.store.state, revision: host.revision, replay: nil), replay: nil)
    exports.dropAll()
    #expect(exports.root(at: host.revision, replay: nil) == nil, "a state put back drops it")
  }
}
