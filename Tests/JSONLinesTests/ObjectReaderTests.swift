import JSONLines
import Testing

struct ObjectReaderTests {
  private let value: JSONValue = ["game": ["name": "Blob", "over": false, "board": [1, 2]]]

  @Test func membersAreReadAndNamedByTheirPath() throws {
    let game = try #require(try JSONObjectReader(value, path: "state").optional("game"))
    #expect(game.path == "state.game")
    #expect(try game.string("name") == "Blob")
    #expect(try game.bool("over") == false)
    #expect(try game.array("board").count == 2)
    #expect(try game.optionalString("title") == nil)
  }

  @Test func aMissingOrMistypedMemberSaysWhere() throws {
    let game = try #require(try JSONObjectReader(value, path: "state").optional("game"))
    #expect(throws: JSONObjectReader.Problem("state.game.title", "is missing")) {
      try game.string("title")
    }
    #expect(
      throws: JSONObjectReader.Problem("state.game.over", "must be a string, not a boolean")
    ) { try game.string("over") }
    #expect(throws: JSONObjectReader.Problem("state.game.name", "must be an object")) {
      try game.optional("name")
    }
    #expect(JSONObjectReader.Problem("", "it is not JSON").description == "it is not JSON")
  }
}
