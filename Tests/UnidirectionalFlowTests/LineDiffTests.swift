import Testing
import UnidirectionalFlow

private struct Settings {
  var sound: Bool
  var level: Int
}

private struct Profile {
  var name: String
  var settings: Settings
}

@Test func equalInputHasNoDiff() {
  #expect(lineDiff(expected: "a\nb", actual: "a\nb") == nil)
}

@Test func changedFieldInNestedDump() {
  let expected = stateDump(Profile(name: "Ann", settings: Settings(sound: true, level: 1)))
  let actual = stateDump(Profile(name: "Ann", settings: Settings(sound: true, level: 2)))
  #expect(
    lineDiff(expected: expected, actual: actual) == """
        …
         settings: Settings(
           sound: true,
      −    level: 1
      +    level: 2
         )
       )
      """
  )
}

@Test func insertion() {
  #expect(lineDiff(expected: "a\nc", actual: "a\nb\nc") == " a\n+b\n c")
}

@Test func deletion() {
  #expect(lineDiff(expected: "a\nb\nc", actual: "a\nc") == " a\n\u{2212}b\n c")
}

@Test func contextIsTrimmed() {
  let lines = (1...10).map(String.init)
  let expected = lines.joined(separator: "\n")
  let actual = lines.map { $0 == "5" ? "five" : $0 }.joined(separator: "\n")
  #expect(
    lineDiff(expected: expected, actual: actual) == """
        …
       3
       4
      −5
      +five
       6
       7
        …
      """
  )
}
