import JSONLines
import Testing

@Suite struct EscapeTests {
  let parser = JSONParser()

  @Test(arguments: [
    (#""\"\\\/\b\f\n\r\t""#, "\"\\/\u{8}\u{C}\n\r\t"),
    (#""\u0041\u00e9\u20AC""#, "A\u{E9}\u{20AC}"),
    (#""\u0000""#, "\u{0}"),
    (#""a\u001Fb""#, "a\u{1F}b"),
    (#""\uD83D\uDE00""#, "\u{1F600}"),
    (#""\ud83d\ude00""#, "\u{1F600}"),
    (#""\uDBFF\uDFFF""#, "\u{10FFFF}"),
    (#""\uD800\uDC00""#, "\u{10000}"),
    (#""x\uD83D\uDE00y\u00e9é""#, "x\u{1F600}y\u{E9}\u{E9}"),
    (#""\uFFFF""#, "\u{FFFF}"),
  ])
  func decodesEscapes(text: String, expected: String) throws {
    #expect(try parser.parse(text) == .string(expected))
  }

  @Test func decodesEscapedKeys() throws {
    let value = try parser.parse(#"{"a\u0062c": 1, "\uD83D\uDE00": 2}"#)
    #expect(value.object?.keys == ["abc", "\u{1F600}"])
  }

  @Test func rejectsKeysThatAreDuplicatesOnceUnescaped() {
    #expect(throws: JSONError(.syntax, at: 8, "duplicate key")) {
      try parser.parse(#"{"ab":1,"a\u0062":2}"#)
    }
  }

  @Test func handlesLongStringsWithManyEscapes() throws {
    let piece = #"abc\n\"\u00e9\uD83D\uDE00"#
    let text = "\"" + String(repeating: piece, count: 10_000) + "\""
    let expected = String(repeating: "abc\n\"\u{E9}\u{1F600}", count: 10_000)
    #expect(try parser.parse(text) == .string(expected))
  }
}
