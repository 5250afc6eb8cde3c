import JSONLines
import Testing

@Suite struct WriterTests {
  @Test func placesCommasAndColons() {
    var writer = JSONWriter()
    writer.beginObject()
    writer.key("type")
    writer.string("state")
    writer.key("seq")
    writer.number(12)
    writer.key("board")
    writer.beginArray()
    for row in 0..<2 {
      writer.beginArray()
      writer.string(row == 0 ? "x" : nil)
      writer.null()
      writer.endArray()
    }
    writer.endArray()
    writer.key("empty")
    writer.beginObject()
    writer.endObject()
    writer.key("ok")
    writer.bool(true)
    writer.endObject()
    #expect(
      writer.text
        == #"{"type":"state","seq":12,"board":[["x",null],[null,null]],"empty":{},"ok":true}"#)
  }

  @Test(arguments: [0, 7, 10, -1, 1_234_567_890, Int.max, Int.min])
  func writesIntegers(value: Int) {
    var writer = JSONWriter()
    writer.number(value)
    #expect(writer.text == String(value))
  }

  @Test func escapesPerRFC8259() {
    var writer = JSONWriter()
    writer.string("q\"b\\s/\n\r\t\u{8}\u{C}\u{0}\u{1}\u{1F} \u{E9}\u{1F600}\u{2028}")
    #expect(writer.text == #""q\"b\\s/\n\r\t\b\f\u0000\u0001\u001f é😀\#u{2028}""#)
  }

  @Test func escapesDeleteAndTheC1ControlsThatTerminalsObey() {
    var writer = JSONWriter()
    writer.string("a\u{7F}\u{80}\u{9B}31m\u{9F}\u{A0}¡é")
    #expect(writer.text == #""a\u007f\u0080\u009b31m\u009f\#u{A0}¡é""#)
  }

  /// The scan looks at eight bytes at a time: a character that needs escaping (or a 0xC2 that
  /// starts one that does not) is found at any place, in a word or in the bytes after the last.
  @Test(arguments: [
    ("\"", #"\""#), ("\\", #"\\"#), ("\n", #"\n"#), ("\u{1F}", #"\u001f"#),
    ("\u{7F}", #"\u007f"#), ("\u{85}", #"\u0085"#), ("\u{A0}", "\u{A0}"), ("é", "é"),
  ])
  func escapesACharacterAtEveryPlaceOfALongString(character: String, escaped: String) {
    let letters = Array("abcdefghijklmnopqrstu")
    for place in 0...letters.count {
      let before = String(letters[..<place])
      let after = String(letters[place...])
      var writer = JSONWriter()
      writer.string(before + character + after)
      #expect(writer.text == "\"" + before + escaped + after + "\"", "at \(place)")
    }
  }

  @Test func writesTheBytesOfACStringAsAString() {
    var text = "player\"1\"@example.com"
    var writer = JSONWriter()
    writer.beginArray()
    text.withUTF8 { writer.string(utf8: $0) }
    writer.string(utf8: UnsafeBufferPointer(start: nil, count: 0))
    writer.endArray()
    #expect(writer.text == #"["player\"1\"@example.com",""]"#)
  }

  @Test func rawBytesLeaveTheCommaToTheNextValue() {
    var writer = JSONWriter()
    writer.appendRaw(contentsOf: Array(#"{"seq":"#.utf8))
    writer.number(3)
    writer.key("a")
    writer.null()
    writer.endObject()
    #expect(writer.text == #"{"seq":3,"a":null}"#)
  }

  @Test func escapesKeys() {
    var writer = JSONWriter()
    writer.beginObject()
    writer.key("a\"b\n")
    writer.null()
    writer.endObject()
    #expect(writer.text == #"{"a\"b\n":null}"#)
  }

  @Test func resetsForTheNextLine() {
    var writer = JSONWriter()
    writer.beginArray()
    writer.endArray()
    writer.appendRaw(UInt8(ascii: "\n"))
    #expect(writer.text == "[]\n")
    writer.reset()
    writer.number(1)
    #expect(writer.text == "1")
  }

  @Test func roundTripsEveryKindOfValue() throws {
    let text = #"{"a":[1,-2.5e-3,true,false,null,"s\"\\\u0001é😀"],"b":{"c":{}},"d":[]}"#
    let value = try JSONParser().parse(text)
    #expect(value.description == text)
    #expect(try JSONParser().parse(value.description) == value)
  }

  @Test func roundTripsEveryControlCharacterAndSurrogatePair() throws {
    let scalars = (0..<0xA0).map { Character(Unicode.Scalar(UInt8($0))) }
    let original = String(scalars) + "\u{10000}\u{10FFFF}\u{FFFF}"
    var writer = JSONWriter()
    writer.string(original)
    #expect(try JSONParser().parse(writer.bytes) == .string(original))
  }
}
