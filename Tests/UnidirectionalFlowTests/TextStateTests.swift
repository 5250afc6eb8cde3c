import Testing
import UnidirectionalFlow

@Suite struct TextStateTests {
  @Test func everySpellingOfTheSameTextIsEqual() {
    let name = "Blob"
    let literal: TextState = "Hello, Blob"
    #expect(TextState("Hello, \(name)") == literal)
    #expect(TextState(verbatim: "Hello, Blob") == literal)
    #expect(TextState("Hello, Blob"[...]) == literal)
    #expect(TextState("Hello, ") + TextState(name) == literal)
    #expect(TextState("Hello") != literal)
    #expect(Set([literal, TextState(verbatim: "Hello, Blob"), "Bye"]).count == 2)
  }

  @Test func frontEndsGetThePlainString() {
    #expect(String(state: TextState("Quit this game?")) == "Quit this game?")
    #expect(String(state: TextState("a \"quoted\"\nline")) == "a \"quoted\"\nline")
    #expect("\(TextState("Keep playing"))" == "Keep playing")
  }

  @Test func aDumpShowsTheTextNotItsStorage() {
    #expect(stateDump(TextState("Quit?")) == #"TextState("Quit?")"#)
    let dump = stateDump(AlertState<Never>(title: "Oops", message: "Try \"again\""))
    #expect(dump.contains(#"title: TextState("Oops")"#), "\(dump)")
    #expect(dump.contains(#"message: TextState("Try \"again\"")"#), "\(dump)")
  }
}
