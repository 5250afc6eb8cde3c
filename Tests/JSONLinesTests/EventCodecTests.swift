import Testing

@testable import JSONLines

/// The JSON-lines event codec: every event the encoder writes reads back as what was encoded,
/// in the exact bytes the protocol documents, and a line's type is told from its start.
@Suite struct EventCodecTests {
  private func text(_ encoder: JSONLinesEventEncoder) -> String {
    String(decoding: encoder.line, as: UTF8.self)
  }

  private func decoded(_ encoder: JSONLinesEventEncoder) throws -> JSONLinesEvent {
    #expect(encoder.line.last == UInt8(ascii: "\n"))
    return try JSONLinesEvent(decoding: Array(encoder.line.dropLast()))
  }

  @Test func helloRoundTrips() throws {
    var encoder = JSONLinesEventEncoder()
    encoder.hello(seq: 1, isRemote: true, listeningPath: nil)
    #expect(
      text(encoder)
        == #"{"type":"hello","seq":1,"protocol":"tictactoe-jsonl","version":1,"remote":true}"#
        + "\n")
    let event = try decoded(encoder)
    #expect(event.seq == 1)
    #expect(
      event.body
        == .hello(
          .init(protocolName: "tictactoe-jsonl", version: 1, isRemote: true, listeningPath: nil)))

    encoder.hello(seq: 1, isRemote: false, listeningPath: "/run/x.sock")
    #expect(
      try decoded(encoder).body
        == .hello(
          .init(
            protocolName: "tictactoe-jsonl", version: 1, isRemote: false,
            listeningPath: "/run/x.sock")))
  }

  @Test func stateKeepsItsObjectAsWritten() throws {
    var encoder = JSONLinesEventEncoder()
    encoder.state(seq: 2, state: Array(#"{"login":{"email":"a\"b"}}"#.utf8))
    #expect(text(encoder) == #"{"type":"state","seq":2,"state":{"login":{"email":"a\"b"}}}"# + "\n")
    let event = try decoded(encoder)
    #expect(event.seq == 2)
    #expect(event.body == .state(["login": ["email": "a\"b"]]))
  }

  @Test func actionWithPayloadAndError() throws {
    var naming = JSONWriter()
    JSONLinesEventEncoder.actionNaming(
      casePath: "newGame.game.cellTapped", fromEffect: true, error: "it failed", into: &naming)
    var encoder = JSONLinesEventEncoder()
    encoder.action(seq: 3, naming: naming.bytes, payload: #"{"row":0,"column":2}"#)
    #expect(
      text(encoder)
        == #"{"type":"action","seq":3,"action":"newGame.game.cellTapped","origin":"effect","#
        + #""error":"it failed","payload":{"row":0,"column":2}}"# + "\n")
    #expect(
      try decoded(encoder).body
        == .action(
          .init(
            casePath: "newGame.game.cellTapped", fromEffect: true, error: "it failed",
            payload: (["row": 0, "column": 2] as JSONValue).object)))

    naming.reset()
    JSONLinesEventEncoder.actionNaming(
      casePath: "login.view.loginButtonTapped", fromEffect: false, error: nil, into: &naming)
    encoder.action(seq: 4, naming: naming.bytes, payload: nil)
    #expect(
      try decoded(encoder).body
        == .action(
          .init(
            casePath: "login.view.loginButtonTapped", fromEffect: false, error: nil,
            payload: nil)))
  }

  @Test func actionFromPayloadBytesIsTheSameLine() {
    var naming = JSONWriter()
    JSONLinesEventEncoder.actionNaming(
      casePath: "login.view.binding.email", fromEffect: false, error: nil, into: &naming)
    for payload in [#"{"value":"é\"\u0001"}"#, nil] {
      var fromString = JSONLinesEventEncoder()
      fromString.action(seq: 6, naming: naming.bytes, payload: payload)
      var fromBytes = JSONLinesEventEncoder()
      if let payload {
        Array(payload.utf8).withUnsafeBytes {
          fromBytes.action(seq: 6, naming: naming.bytes, payloadUTF8: $0)
        }
      } else {
        fromBytes.action(seq: 6, naming: naming.bytes, payloadUTF8: nil)
      }
      #expect(text(fromBytes) == text(fromString))
      #expect(text(fromBytes).contains(#""payload""#) == (payload != nil))
    }
  }

  @Test func errorReplayAndHistoryRoundTrip() throws {
    var encoder = JSONLinesEventEncoder()
    encoder.error(seq: 5, message: "bad \u{1B} line", line: 7, id: "a")
    #expect(
      text(encoder) == #"{"type":"error","seq":5,"message":"bad \u001b line","line":7,"id":"a"}"#
        + "\n")
    #expect(
      try decoded(encoder).body == .error(.init(message: "bad \u{1B} line", line: 7, id: "a")))

    encoder.replay(seq: 6, step: 3, length: 12, isOver: false)
    #expect(text(encoder) == #"{"type":"replay","seq":6,"step":3,"length":12,"over":false}"# + "\n")
    #expect(try decoded(encoder).body == .replay(.init(step: 3, length: 12, isOver: false)))

    encoder.history(seq: 9, states: [(seq: 2, screen: "login"), (seq: 4, screen: "newGame")])
    #expect(
      text(encoder)
        == #"{"type":"history","seq":9,"states":[{"seq":2,"screen":"login"},"#
        + #"{"seq":4,"screen":"newGame"}]}"# + "\n")
    #expect(
      try decoded(encoder).body
        == .history([.init(seq: 2, screen: "login"), .init(seq: 4, screen: "newGame")]))
  }

  @Test func aLinesTypeIsToldFromItsStart() {
    var encoder = JSONLinesEventEncoder()
    encoder.state(seq: 12, state: Array("{}".utf8))
    #expect(encoder.line.withUnsafeBytes { JSONLinesEventType(ofLine: $0) } == .state)
    encoder.error(seq: 13, message: "x", line: nil, id: nil)
    #expect(encoder.line.withUnsafeBytes { JSONLinesEventType(ofLine: $0) } == .error)
    for line in [#"{"type":"stat"#, #"{"seq":1,"type":"state"}"#, "", #"{"type":"later","seq":1}"#]
    {
      #expect(Array(line.utf8).withUnsafeBytes { JSONLinesEventType(ofLine: $0) } == nil)
    }
  }

  @Test func unknownTypesAndMembersAreIgnored() throws {
    let event = try JSONLinesEvent(
      decoding: Array(#"{"type":"later","seq":3,"extra":true}"#.utf8))
    #expect(event.seq == 3)
    #expect(event.body == .other(type: "later"))
  }

  @Test(arguments: [
    (#"not json"#, "a line that is not a JSON object"),
    (#"[1]"#, "a line that is not a JSON object"),
    (#"{"type":"state"}"#, "event.seq: is missing"),
    (#"{"type":"state","seq":1}"#, "event.state: is missing"),
    (#"{"type":"state","seq":1,"state":null}"#, "event.state: must be an object"),
    (#"{"type":"state","seq":1,"state":[1]}"#, "event.state: must be an object"),
    (
      #"{"type":"action","seq":1,"action":"x","origin":"effect","payload":"r0"}"#,
      "event.payload: must be an object"
    ),
    (
      #"{"type":"action","seq":1,"action":"x","origin":"effect","payload":null}"#,
      "event.payload: must be an object"
    ),
    (#"{"type":"action","seq":1,"action":"x","origin":"elsewhere"}"#, "event.origin: must be"),
    (#"{"type":"action","seq":"1"}"#, "event.seq: must be an integer"),
    (#"{"type":"error","seq":1,"message":"m","line":"7"}"#, "event.line: must be an integer"),
  ])
  func rejectsWhatIsNotAnEvent(line: String, problem: String) {
    #expect {
      try JSONLinesEvent(decoding: Array(line.utf8))
    } throws: { error in
      "\(error)".hasPrefix(problem)
    }
  }
}
