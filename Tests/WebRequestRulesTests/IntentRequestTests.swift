import Testing
import WebRequestRules

@Suite struct IntentRequestTests {
  let catalog = IntentCatalog(intents: [
    .init(
      casePath: "login.view.binding.password", arguments: [.init(name: "value", isInteger: false)]),
    .init(casePath: "login.view.loginButtonTapped", arguments: []),
    .init(
      casePath: "newGame.game.cellTapped",
      arguments: [.init(name: "row", isInteger: true), .init(name: "column", isInteger: true)]),
  ])

  func parse(_ body: String) throws(RequestRefusal) -> IntentRequest {
    try IntentRequest(body: Array(body.utf8), catalog: catalog)
  }

  func refusal(_ body: String) -> RequestRefusal? {
    do {
      _ = try parse(body)
      return nil
    } catch {
      return error
    }
  }

  @Test func readsAnIntentAndItsArgumentsByName() throws {
    #expect(
      try parse(#"{"column": 2, "action": "newGame.game.cellTapped", "row": 0}"#)
        == IntentRequest(casePath: "newGame.game.cellTapped", arguments: [.int32(0), .int32(2)]))
    #expect(
      try parse(#"{"action": "login.view.loginButtonTapped"}"#)
        == IntentRequest(casePath: "login.view.loginButtonTapped", arguments: []))
    #expect(
      try parse(#"{"action": "login.view.binding.password", "value": "hunter2"}"#).arguments
        == [.string("hunter2")])
  }

  @Test func refusesWhatIsNotAnIntentWithTheReason() {
    #expect(refusal("not json")?.message == "the body is not JSON (byte 0)")
    #expect(refusal("[1]")?.message.contains("object") == true)
    #expect(refusal(#"{"row": 1}"#)?.message.contains(#""action""#) == true)
    #expect(refusal(#"{"action": "newGame.game.explode"}"#)?.message.contains("unknown") == true)
    #expect(
      refusal(#"{"action": "newGame.game.cellTapped", "row": 0}"#)?.message.contains("column")
        == true)
    #expect(
      refusal(#"{"action": "newGame.game.cellTapped", "row": "0", "column": 1}"#)?.message.contains(
        "integer") == true)
    #expect(
      refusal(#"{"action": "newGame.game.cellTapped", "row": 1.5, "column": 1}"#)?.status == 400)
    #expect(
      refusal(#"{"action": "newGame.game.cellTapped", "row": 4294967296, "column": 1}"#)?.status
        == 400)
    #expect(
      refusal(#"{"action": "login.view.loginButtonTapped", "extra": 1}"#)?.message.contains("extra")
        == true)
  }

  @Test func neverQuotesAStringArgument() {
    let secret = "correct horse battery staple"
    for body in [
      #"{"action": "login.view.binding.password", "value": 7, "x": "\#(secret)"}"#,
      #"{"action": "login.view.binding.password", "value": ["\#(secret)"]}"#,
      #"{"action": "login.view.binding.password", "value": "\#(secret)"#,
    ] {
      #expect(refusal(body)?.message.contains(secret) == false, "\(body)")
    }
  }

  @Test func refusesABodyOverTheLimit() {
    let padding = String(repeating: " ", count: RequestRules.maximumBodySize)
    #expect(refusal(#"{"action": "login.view.loginButtonTapped"}"# + padding) == .bodyTooLarge)
    #expect(RequestRefusal.bodyTooLarge.status == 413)
  }
}
