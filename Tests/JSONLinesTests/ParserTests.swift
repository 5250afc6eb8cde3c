import JSONLines
import Testing

@Suite struct ParserTests {
  let parser = JSONParser()

  @Test(
    arguments: [
      ("null", JSONValue.null),
      ("true", true),
      ("false", false),
      ("0", 0),
      ("-12", -12),
      (#""""#, ""),
      (#""abc""#, "abc"),
      ("[]", []),
      ("{}", [:]),
      (" \t\r\n[ 1 , \"a\" , null ]\n ", [1, "a", nil]),
    ] as [(String, JSONValue)])
  func parsesScalarsAndContainers(text: String, expected: JSONValue) throws {
    #expect(try parser.parse(text) == expected)
  }

  @Test func keepsObjectMembersInInputOrder() throws {
    let value = try parser.parse(#"{"z": 1, "a": {"y": [true, false], "b": null}, "m": "s"}"#)
    #expect(value.object?.keys == ["z", "a", "m"])
    #expect(value["a"]?.object?.keys == ["y", "b"])
    #expect(value["a"]?["y"] == [true, false])
    #expect(value["a"]?["b"] == .null)
    #expect(value["missing"] == nil)
  }

  @Test func parsesFromBytesAndBuffers() throws {
    let bytes = Array(#"{"k":[1,2]}"#.utf8)
    #expect(try parser.parse(bytes) == ["k": [1, 2]])
    let fromBuffer = try bytes.withUnsafeBytes { buffer in try parser.parse(buffer) }
    #expect(fromBuffer == ["k": [1, 2]])
  }

  @Test func acceptsNestingUpToTheLimit() throws {
    let depth = JSONParser.defaultMaxDepth
    let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    var value = try parser.parse(text)
    var levels = 0
    while let array = value.array {
      levels += 1
      value = array.first ?? .null
    }
    #expect(levels == depth)
  }

  @Test func rejectsNestingBeyondTheLimit() {
    let depth = JSONParser.defaultMaxDepth + 1
    let text =
      String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
    #expect(throws: JSONError(.tooDeep, at: 5 * 64, "nesting deeper than 64 levels")) {
      try parser.parse(text)
    }
  }

  @Test func survivesVeryDeepInputWithoutRecursingFurther() {
    let text = String(repeating: "[", count: 1_000_000)
    #expect(throws: JSONError.self) { try parser.parse(text) }
    let error = try? #require(throws: JSONError.self) { try parser.parse(text) }
    #expect(error?.kind == .tooDeep)
  }

  @Test func honoursACustomDepth() throws {
    let shallow = JSONParser(maxDepth: 1)
    #expect(try shallow.parse("[1]") == [1])
    #expect(throws: JSONError.self) { try shallow.parse("[[1]]") }
  }

  @Test func parsesALargeDocument() throws {
    let members = (0..<10_000).map { #""key\#($0)": [\#($0), "v\#($0)"]"# }
    let value = try parser.parse("{" + members.joined(separator: ",") + "}")
    #expect(value.object?.count == 10_000)
    #expect(value["key9999"] == [9999, "v9999"])
    #expect(value["key0"] == [0, "v0"])
  }
}
