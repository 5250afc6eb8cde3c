import JSONLines
import Testing

/// The scanner takes exactly the flat objects the parser reads, finds the same members in them,
/// and leaves every other text (valid or not) to the parser.
@Suite struct FlatObjectScannerTests {
  /// The members the scanner finds in `text`, as the parser's values, or `nil` when it
  /// leaves the text to the parser.
  func scanned(_ text: String) -> JSONObject? {
    var scanner = FlatObjectScanner()
    var text = text
    return text.withUTF8 { bytes -> JSONObject? in
      guard scanner.scan(bytes) else { return nil }
      var object = JSONObject()
      for member in scanner.members {
        let key = String(decoding: UnsafeBufferPointer(rebasing: bytes[member.key]), as: UTF8.self)
        let value = String(
          decoding: UnsafeBufferPointer(rebasing: bytes[member.value]), as: UTF8.self)
        let inserted = object.insert(
          member.isString ? .string(value) : .number(JSONNumber(value)!), forKey: key)
        #expect(inserted, "a duplicate key was scanned")
      }
      return object
    }
  }

  @Test(arguments: [
    #"{"action":"login.view.binding.email","value":"player1@example.com"}"#,
    #"  {"action" : "newGame.game.cellTapped" , "row":1,"column":-0,"id":"é"}"# + "\t",
    #"{"id":1.5e3,"action":"x"}"#,
    #"{}"#,
    "{\"a\":\"\u{10FFFF}\"}",
    // Strings longer than a word, read eight bytes at a time up to the byte that stops them.
    "{\"action\":\"abcdefghijklmnopqrstu\u{E9}vwxyz\",\"value\":\"abcdefghijk\u{7F}lmnopq\"}",
    #"{"a_key_longer_than_a_word":"a value longer than two words, and then some"}"#,
  ])
  func findsTheMembersTheParserReads(text: String) throws {
    let object = try #require(scanned(text))
    #expect(try JSONParser().parse(text) == .object(object))
  }

  @Test(arguments: [
    // Valid JSON the parser reads, but not flat or with an escape.
    #"{"action":"a","value":"x\"y"}"#,
    #"{"act\u0069on":"a"}"#,
    #"{"action":"a","value":null}"#,
    #"{"action":"a","value":true}"#,
    #"{"action":"a","value":[1]}"#,
    #"{"action":"a","value":{"b":1}}"#,
    #"["action"]"#,
    #""action""#,
    #"{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"i":9}"#,
    // Invalid JSON: the parser says what is wrong.
    #"{"action":"a","action":"b"}"#,
    #"{"action":"a",}"#,
    #"{"action":"a"} x"#,
    #"{"action":"a""#,
    #"{"action" "a"}"#,
    #"{"row":01}"#,
    #"{"row":1.}"#,
    #"{"row":+1}"#,
    "{\"value\":\"a\tb\"}",
    "{\"value\":\"\u{0}\"}",
    // The same inside strings longer than a word, past the first word.
    #"{"action":"a","value":"abcdefghij\"klm"}"#,
    #"{"action":"abcdefghijklmnopqrstuvw\u0069"}"#,
    "{\"value\":\"abcdefghijklmn\tb\"}",
    "{\"value\":\"abcdefghijklmnopqrs\u{1F}\"}",
    "",
  ])
  func leavesEveryOtherTextToTheParser(text: String) {
    #expect(scanned(text) == nil)
  }

  @Test func leavesMalformedUTF8ToTheParser() {
    var scanner = FlatObjectScanner()
    for bytes: [UInt8] in [
      Array(#"{"v":""#.utf8) + [0xC0, 0xAF] + Array(#""}"#.utf8),
      Array(#"{"v":""#.utf8) + [0xED, 0xA0, 0x80] + Array(#""}"#.utf8),
      Array(#"{"v":""#.utf8) + [0xE2, 0x82] + Array(#""}"#.utf8),
    ] {
      let isScanned = bytes.withUnsafeBufferPointer { scanner.scan($0) }
      #expect(!isScanned)
      #expect(throws: JSONError.self) { try JSONParser().parse(bytes) }
    }
  }

  @Test func findsAMemberByName() {
    var scanner = FlatObjectScanner()
    var text = #"{"id":7,"action":"a.b"}"#
    text.withUTF8 { bytes in
      let isScanned = scanner.scan(bytes)
      #expect(isScanned)
      let action = scanner.member(named: "action", in: bytes)
      #expect(
        action.map {
          String(decoding: UnsafeBufferPointer(rebasing: bytes[$0.value]), as: UTF8.self)
        } == "a.b")
      #expect(action?.isString == true)
      #expect(scanner.member(named: "id", in: bytes)?.isString == false)
      #expect(scanner.member(named: "command", in: bytes) == nil)
    }
  }
}
