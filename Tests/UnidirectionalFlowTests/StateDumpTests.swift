import Testing
import UnidirectionalFlow

private struct Player {
  var name: String
  var score: Int
}

private enum Mark {
  case x
  case o
}

private enum Phase {
  case playing(turn: Mark)
  case won(Player, line: [Int])
  case draw
}

private struct Game {
  var players: [Player]
  var phase: Phase
}

private struct Session: CustomDumpStringConvertible {
  var token: String
  var customDumpDescription: String { "Session(<redacted>)" }
}

private struct Account {
  var user: String
  var session: Session
}

private final class Node {
  var name: String
  var next: Node?

  init(name: String) {
    self.name = name
  }
}

@Test func nestedStruct() {
  let game = Game(players: [Player(name: "Ann", score: 3)], phase: .playing(turn: .x))
  #expect(
    stateDump(game) == """
      Game(
        players: [
          [0]: Player(
            name: "Ann",
            score: 3
          )
        ],
        phase: Phase.playing(turn: Mark.x)
      )
      """
  )
}

@Test func enumWithoutPayload() {
  #expect(stateDump(Phase.draw) == "Phase.draw")
  #expect(stateDump(Mark.o) == "Mark.o")
}

@Test func enumWithPayload() {
  #expect(stateDump(Phase.playing(turn: .o)) == "Phase.playing(turn: Mark.o)")
  #expect(
    stateDump(Phase.won(Player(name: "Bo", score: 1), line: [0, 4])) == """
      Phase.won(
        Player(
          name: "Bo",
          score: 1
        ),
        line: [
          [0]: 0,
          [1]: 4
        ]
      )
      """
  )
}

@Test func optionals() {
  let none: Int? = nil
  let some: Int? = 7
  #expect(stateDump(none as Any) == "nil")
  #expect(stateDump(some as Any) == "7")
  #expect(stateDump([some, none]) == "[\n  [0]: 7,\n  [1]: nil\n]")
}

@Test func stringEscapes() {
  #expect(stateDump("say \"hi\"\n\t\\ \u{1B}") == #""say \"hi\"\n\t\\ \u{1B}""#)
}

@Test func arrays() {
  #expect(stateDump([Mark.x, .o]) == "[\n  [0]: Mark.x,\n  [1]: Mark.o\n]")
  #expect(stateDump([Int]()) == "[]")
}

@Test func dictionariesAndSetsAreSorted() {
  #expect(stateDump(["b": 2, "c": 3, "a": 1]) == "[\n  \"a\": 1,\n  \"b\": 2,\n  \"c\": 3\n]")
  #expect(stateDump([String: Int]()) == "[:]")
  #expect(stateDump(Set([3, 1, 2])) == "Set([\n  1,\n  2,\n  3\n])")
}

@Test func tuples() {
  #expect(stateDump((1, label: "x")) == "(\n  1,\n  label: \"x\"\n)")
}

@Test func customDumpStringConvertible() {
  let account = Account(user: "ann", session: Session(token: "s3cr3t"))
  #expect(
    stateDump(account) == """
      Account(
        user: "ann",
        session: Session(<redacted>)
      )
      """
  )
}

@Test func classCycle() {
  let first = Node(name: "a")
  let second = Node(name: "b")
  first.next = second
  second.next = first
  #expect(
    stateDump(first) == """
      Node(
        name: "a",
        next: Node(
          name: "b",
          next: Node(↩︎)
        )
      )
      """
  )
}
