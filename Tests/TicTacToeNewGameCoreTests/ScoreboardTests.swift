import Testing
import TicTacToeNewGameCore

struct ScoreboardTests {
  @Test func winsAreCountedByNameAndStandingsPutTheMostFirst() {
    var scoreboard = Scoreboard()
    #expect(scoreboard.isEmpty)
    scoreboard.record(winner: "Blub")
    scoreboard.record(winner: "Blob")
    scoreboard.record(winner: nil)
    scoreboard.record(winner: "Blob")
    #expect(scoreboard.wins == ["Blob": 2, "Blub": 1])
    #expect(scoreboard.ties == 1)
    #expect(scoreboard.standings.map(\.name) == ["Blob", "Blub"])
    scoreboard.record(winner: "Blub")
    // Equal wins: by name.
    #expect(scoreboard.standings.map(\.name) == ["Blob", "Blub"])
    #expect(!scoreboard.isEmpty)
  }

  @Test func aNameWithNoWinIsNotKept() {
    #expect(Scoreboard(wins: ["Blob": 0, "Blub": 2]).wins == ["Blub": 2])
  }
}
