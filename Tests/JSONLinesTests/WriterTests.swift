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
