import DynamicCall
import JSONLines
import Persistence
import Testing
import TicTacToeAppCore
import TicTacToeAppSchema
import TicTacToeAuthenticationClient

@testable import FrontEndHost

/// Every intent of the app schema reaches every wire form that carries intents: the ABI's
/// catalog (with its tag), the action descriptions, the `--record` log and the attach client's
/// input lines. The tests iterate the schema, so an intent added without one of its forms fails
/// here (issue 25).
@Suite struct AppSchemaIntentTests {
  static let names = AppSchema.intents.map(\.casePath)

  /// Argument values for `intent`: a text, and each integer at the top of its range.
  static func sampleValues(_ intent: AppSchema.Intent) -> [AppSchema.Value] {
    intent.arguments.map { argument in
      argument.range.map { .integer($0.upperBound) } ?? .text("Blob \(argument.name)")
    }
  }

  static func sample(_ casePath: String) throws -> (AppSchema.Intent, TicTacToe.Action) {
    let intent = try #require(AppSchema.intent(named: casePath))
    return (intent, try intent.make(sampleValues(intent)).get())
  }

  @Test func theCatalogIsTheSchemaInItsOrder() {
    #expect(ActionCatalog.standard.entries.map(\.casePath) == Self.names)
    #expect(Set(Self.names).count == Self.names.count, "a name is used twice")
  }

  @Test(arguments: names) func theCatalogCarriesIt(casePath: String) throws {
    let (intent, action) = try Self.sample(casePath)
    let entry = try #require(ActionCatalog.standard.entry(casePath: casePath))
    let tag = try #require(entry.tag, "every stock intent has an ABI tag")
    #expect(tag == intent.tag?.rawValue)
    #expect(ActionCatalog.standard.entry(tag: tag)?.casePath == casePath)
    #expect(entry.feature.rawValue == intent.feature.rawValue)
    #expect(entry.arguments.map(\.name) == intent.arguments.map(\.name))
    #expect(entry.isSecret == intent.isSecret)
    let arguments: [CValue] = Self.sampleValues(intent).map { value in
      switch value {
      case .text(let text): .string(text)
      case .integer(let number): .int32(Int32(number))
      }
    }
    #expect(try ActionCatalog.standard.action(entry, arguments: arguments).get() == action)
    #expect(ActionDescription.describe(action).casePath == casePath)
    #expect(AppSchema.intent(of: action)?.casePath == casePath)
  }

  @Test(arguments: names) func theActionLogRoundTripsIt(casePath: String) throws {
    let (intent, action) = try Self.sample(casePath)
    let record = ActionLog.Record(
      action: action, origin: .frontend, time: 0.25, state: TicTacToe.State())
    let line = ActionLog.encode(record)
    let decoded = try ActionLog.decode(line)
    if intent.isSecret {
      // A secret is redacted in the log: the intent comes back, its value does not.
      let values = decoded.action.flatMap(intent.values(of:)).map(Array.init)
      #expect(values == [.text(ActionLog.redacted)])
      #expect(!String(decoding: line, as: UTF8.self).contains("Blob value"))
    } else {
      #expect(decoded == record)
    }
  }

  @Test(arguments: names) func theAttachClientForwardsIt(casePath: String) throws {
    let (intent, action) = try Self.sample(casePath)
    let line = RemoteIntent.line(for: action)
    #expect(line.last == UInt8(ascii: "\n"))
    let object = try #require(try JSONParser().parse(Array(line.dropLast())).object)
    #expect(object["action"]?.string == casePath)
    #expect(object.count == 1 + intent.arguments.count)
    for (argument, value) in zip(intent.arguments, Self.sampleValues(intent)) {
      switch value {
      case .text(let text): #expect(object[argument.name]?.string == text)
      case .integer(let number): #expect(object[argument.name]?.number?.exactInt == number)
      }
    }
  }

  @Test func everyResponseRoundTripsInTheLogAndIsNamed() throws {
    for response in AppSchema.responses {
      let outcomes: [AppSchema.Response.Outcome] = [
        .success(AuthenticationResponse(token: "", twoFactorRequired: true)),
        .failure(.invalidTwoFactor),
      ]
      for outcome in outcomes {
        let action = response.make(outcome)
        #expect(ActionDescription.describe(action).casePath == response.name(of: outcome))
        #expect(AppSchema.intent(of: action) == nil, "a response is not an intent")
        let record = ActionLog.Record(
          action: action, origin: .effect, time: 1, state: TicTacToe.State())
        #expect(try ActionLog.decode(ActionLog.encode(record)) == record)
      }
    }
  }

  @Test func anArgumentOutOfRangeIsRefusedByEveryFormInItsWords() throws {
    let entry = try #require(ActionCatalog.standard.entry(casePath: "newGame.game.cellTapped"))
    let refusal = ActionCatalog.standard.action(entry, arguments: [.int32(3), .int32(0)])
    #expect(
      throws: HostCallError.invalid(#""row" 3 is out of range 0...2 (payloads count from 0)"#)
    ) {
      try refusal.get()
    }
    let line = Array(
      #"{"ms":0,"origin":"frontend","action":"newGame.game.cellTapped","row":0,"column":3,"state":{"screen":"login","email":""}}"#
        .utf8)
    let error = #expect(throws: ActionLog.DecodeError.self) { try ActionLog.decode(line) }
    #expect(error?.description == "column: newGame.game.cellTapped needs an integer from 0 to 2")
  }
}
