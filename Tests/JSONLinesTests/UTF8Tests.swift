import JSONLines
import Testing

@Suite struct UTF8Tests {
  let parser = JSONParser()

  func parse(_ bytes: [UInt8]) throws(JSONError) -> JSONValue { try parser.parse(bytes) }

  /// `"` + bytes + `"`.
  func quoted(_ bytes: [UInt8]) -> [UInt8] { [0x22] + bytes + [0x22] }

  @Test func acceptsEveryEncodingLength() throws {
    let text = "a\u{E9}\u{20AC}\u{1F600}\u{10FFFF}\u{FFFD}"
    #expect(try parse(quoted(Array(text.utf8))) == .string(text))
    #expect(try parser.parse(#"{"\#(text)":"\#(text)"}"#) == [text: .string(text)])
  }

  @Test(
    arguments: [
      ([0x80], "a lone continuation byte"),
      ([0xBF], "a lone continuation byte"),
      ([0xC0, 0xAF], "an overlong encoding of '/'"),
      ([0xC1, 0xBF], "an overlong two-byte encoding"),
      ([0xE0, 0x80, 0xAF], "an overlong three-byte encoding"),
      ([0xF0, 0x80, 0x80, 0xAF], "an overlong four-byte encoding"),
      ([0xED, 0xA0, 0x80], "an encoded high surrogate (U+D800)"),
      ([0xED, 0xBF, 0xBF], "an encoded low surrogate (U+DFFF)"),
      ([0xF4, 0x90, 0x80, 0x80], "a code point above U+10FFFF"),
      ([0xF5, 0x80, 0x80, 0x80], "an invalid lead byte"),
      ([0xFF], "an invalid byte"),
      ([0xC3], "a truncated two-byte sequence"),
      ([0xE2, 0x82], "a truncated three-byte sequence"),
      ([0xF0, 0x9F, 0x98], "a truncated four-byte sequence"),
      ([0xC3, 0x41], "a lead byte followed by ASCII"),
      ([0xE2, 0x28, 0xA1], "a bad second byte"),
    ] as [([UInt8], String)])
  func rejectsInvalidSequencesInStrings(bytes: [UInt8], what: String) {
    let input = quoted(Array("ab".utf8) + bytes + Array("cd".utf8))
    let error = try? #require(throws: JSONError.self, "\(what)") { try parse(input) }
    #expect(error?.kind == .invalidUTF8, "\(what)")
    #expect(error?.offset == 3, "\(what)")
    #expect(error?.description.hasPrefix("invalid UTF-8 at byte 3: ") == true, "\(what)")
  }

  @Test func rejectsInvalidSequencesInStringsWithEscapes() {
    let input = quoted(Array(#"a\n"#.utf8) + [0xC3, 0x28])
    let error = try? #require(throws: JSONError.self) { try parse(input) }
    #expect(error?.kind == .invalidUTF8)
    #expect(error?.offset == 4)
  }

  @Test func rejectsInvalidUTF8OutsideStrings() {
    let error = try? #require(throws: JSONError.self) { try parse([0x7B, 0xFF, 0x7D]) }
    #expect(error == JSONError(.invalidUTF8, at: 1, "malformed sequence starting with byte 0xFF"))
    #expect(
      error?.description == "invalid UTF-8 at byte 1: malformed sequence starting with byte 0xFF")
  }

  @Test func reportsValidNonASCIIOutsideStringsAsSyntax() {
    let error = try? #require(throws: JSONError.self) { try parser.parse("[\u{E9}]") }
    #expect(error?.kind == .syntax)
    #expect(error?.description == "invalid JSON at byte 1: expected a value")
  }
}
