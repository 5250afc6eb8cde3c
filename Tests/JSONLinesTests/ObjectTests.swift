import JSONLines
import Testing

@Suite struct ObjectTests {
  @Test func insertsInOrderAndRefusesDuplicates() {
    var object = JSONObject()
    #expect(object.isEmpty)
    let insertedFirst = object.insert("a", forKey: "first")
    let insertedSecond = object.insert(1, forKey: "second")
    let insertedDuplicate = object.insert(nil, forKey: "first")
    #expect(insertedFirst && insertedSecond && !insertedDuplicate)
    #expect(object.keys == ["first", "second"])
    #expect(object["first"] == "a")
    #expect(object.count == 2)
  }

  @Test func staysCorrectPastTheLinearSearchLimit() {
    var object = JSONObject()
    for index in 0..<100 {
      let inserted = object.insert(.number(JSONNumber(index)), forKey: "k\(index)")
      #expect(inserted)
    }
    for index in 0..<100 {
      #expect(object["k\(index)"] == .number(JSONNumber(index)))
      let insertedAgain = object.insert(nil, forKey: "k\(index)")
      #expect(!insertedAgain)
    }
    #expect(object.keys.count == 100)
  }

  @Test func comparesMembersInOrder() {
    let ab: JSONValue = ["a": 1, "b": 2]
    let ba: JSONValue = ["b": 2, "a": 1]
    #expect(ab != ba)
    #expect(ab == ["a": 1, "b": 2])
  }

  @Test func describesKinds() {
    let values: [JSONValue] = [nil, true, 1, "s", [], [:]]
    #expect(
      values.map(\.kindDescription) == [
        "null", "a boolean", "a number", "a string", "an array", "an object",
      ])
  }
}
