import Foundation
import JSONLines
import Persistence
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

/// Every form derived from ``AppSchema`` carries every field the schema names: each test
/// iterates the schema, so a field added to it without its wire form fails here.
@MainActor
@Suite struct AppSchemaWireFormTests {
  /// States in which every screen is shown, with its fields away from their defaults.
  nonisolated static let samples: [TicTacToe.State] = {
    var login = Login.State()
    login.email = "blob@pointfree.co"
    login.password = "password"
    login.isFormValid = true
    login.alert = AlertState(title: TextState("Invalid credentials"))
    var twoFactor = TwoFactor.State(token: "deadbeef")
    twoFactor.code = "1234"
    twoFactor.isFormValid = true
    twoFactor.isTwoFactorRequestInFlight = true
    twoFactor.alert = AlertState(title: TextState("Invalid code"))
    var loggingIn = login
    loggingIn.twoFactor = twoFactor
    loggingIn.isLoginRequestInFlight = true
    var game = Game.State(oPlayerName: "Blub", xPlayerName: "Blob")
    game.board[0][0] = .x
    game.board[1][1] = .o
    game.board[2][0] = .x
    game.currentPlayer = .o
    game.alert = .confirmQuit
    var won = Game.State(oPlayerName: "Blub", xPlayerName: "Blob")
    for column in 0..<3 { won.board[0][column] = .x }
    won.board[1][0] = .o
    won.board[1][1] = .o
    let scoreboard = Scoreboard(wins: ["Blob": 2, "Blub": 1], ties: 3)
    return [
      .login(login), .login(loggingIn),
      .newGame(NewGame.State(oPlayerName: "Blub", xPlayerName: "Blob", scoreboard: scoreboard)),
      .newGame(NewGame.State(oPlayerName: "Blub", xPlayerName: "Blob", game: game)),
      .newGame(
        NewGame.State(oPlayerName: "Blub", xPlayerName: "Blob", game: won, scoreboard: scoreboard)),
    ]
  }()

  /// Every field of every screen shown in `state`, with its value there.
  nonisolated static func values(of state: TicTacToe.State) -> [(AppSchema.FieldInfo, FieldValue)] {
    var values = AppSchema.rootFields.map { ($0.info, $0.exportedValue(of: state)) }
    switch state {
    case .login(let login):
      values += AppSchema.loginFields.map { ($0.info, $0.exportedValue(of: login)) }
      if let twoFactor = login.twoFactor {
        values += AppSchema.twoFactorFields.map { ($0.info, $0.exportedValue(of: twoFactor)) }
      }
    case .newGame(let newGame):
      values += AppSchema.newGameFields.map { ($0.info, $0.exportedValue(of: newGame)) }
      if let game = newGame.game {
        values += AppSchema.gameFields.map { ($0.info, $0.exportedValue(of: game)) }
      }
    }
    return values
  }

  /// The samples show every screen, so that the tests below see every field.
  @Test func theSamplesShowEveryField() {
    let shown = Self.samples.flatMap { Self.values(of: $0).map(\.0) }
    for field in AppSchema.fields {
      #expect(shown.contains(field), "no sample shows \(field.name)")
    }
  }

  @Test func reflectionDescribesEveryField() async throws {
    let host = makeTestHost()
    let probe = try await Probe()
    _ = try host.attach(FrontEndSpec(probe.path), ownsTerminal: false).get()
    let described = probe.fields.map { "\($0.feature) \($0.name) @\($0.offset)" }
    let schema = AppSchema.fields.map { "\($0.feature.rawValue) \($0.name) @\($0.offset)" }
    #expect(described == schema)
  }

  /// What a C front end reads through `read_*` is, field by field, the schema's value.
  @Test(arguments: samples)
  func theCExportCarriesEveryField(_ state: TicTacToe.State) async throws {
    let host = makeTestHost(initialState: state)
    let probe = try await Probe()
    _ = try host.attach(FrontEndSpec(probe.path), ownsTerminal: false).get()
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: 256, alignment: 16)
    defer { buffer.deallocate() }
    for (field, value) in Self.values(of: state) {
      buffer.initializeMemory(as: UInt8.self, repeating: 0, count: 256)
      let size = Self.structSize(field.feature)
      #expect(probe.read(field.feature, into: buffer, size: size) == TTT_OK)
      #expect(field.value(in: buffer) == value, "\(field.feature.rawValue) \(field.name)")
    }
  }

  /// The JSON-lines state (written by `jsonl` from reflection alone) has, for every screen
  /// shown, the members the schema names, in its order; and the attach client reads back
  /// every field that is not a secret.
  @Test(arguments: samples)
  func theJSONLinesStateAndTheAttachClientCarryEveryField(_ state: TicTacToe.State) throws {
    let host = makeTestHost(initialState: state)
    let output = try Fixtures.temporaryDirectory().appendingPathComponent("events.jsonl").path
    let jsonl = try Fixtures.stockFrontEnd("jsonl")
    _ = try host.attach(FrontEndSpec("\(jsonl):\(output)"), ownsTerminal: true).get()
    host.flushOutputs()
    let line = try #require(
      contents(of: output).split(separator: "\n").first { $0.contains(#""type":"state""#) })
    let event = try JSONParser().parse(Array(line.utf8))
    let json = try #require(event["state"])

    var objects: [(ttt_feature, JSONValue)] = []
    switch state {
    case .login(let login):
      objects.append((TTT_FEATURE_LOGIN, try #require(json["login"])))
      if login.twoFactor != nil {
        objects.append((TTT_FEATURE_TWO_FACTOR, try #require(json["login"]?["twoFactor"])))
      }
    case .newGame(let newGame):
      objects.append((TTT_FEATURE_NEW_GAME, try #require(json["newGame"])))
      if newGame.game != nil {
        objects.append((TTT_FEATURE_GAME, try #require(json["newGame"]?["game"])))
      }
    }
    for (feature, object) in objects {
      var members: [String] = []
      for field in AppSchema.fields where field.feature == feature {
        guard let name = field.json?.name.split(separator: ".").first.map(String.init) else {
          continue
        }
        if members.last != name { members.append(name) }
      }
      #expect(object.object?.keys == members, "feature \(feature.rawValue)")
    }

    let decoded = try RemoteStateDecoder.state(from: json)
    let expected = Self.values(of: state).filter { !$0.0.isSecret }
    let read = Self.values(of: decoded).filter { !$0.0.isSecret }
    #expect(read.map(\.0) == expected.map(\.0))
    for ((field, value), (_, readValue)) in zip(expected, read) {
      #expect(readValue == value, "\(field.feature.rawValue) \(field.name)")
    }
  }

  /// A session file keeps every field the schema says it keeps.
  @Test(arguments: samples)
  func theSessionSnapshotCarriesEverySavedField(_ state: TicTacToe.State) {
    let restored = Self.values(of: SessionSnapshot.restored(state))
    for (field, value) in Self.values(of: state) where field.isSaved {
      let kept = restored.first { $0.0 == field }?.1
      #expect(kept == value, "\(field.feature.rawValue) \(field.name)")
    }
  }

  private static func structSize(_ feature: ttt_feature) -> Int {
    switch feature {
    case TTT_FEATURE_ROOT: MemoryLayout<ttt_root_state>.size
    case TTT_FEATURE_LOGIN: MemoryLayout<ttt_login_state>.size
    case TTT_FEATURE_TWO_FACTOR: MemoryLayout<ttt_two_factor_state>.size
    case TTT_FEATURE_NEW_GAME: MemoryLayout<ttt_new_game_state>.size
    default: MemoryLayout<ttt_game_state>.size
    }
  }
}
