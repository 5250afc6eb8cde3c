import Foundation
import JSONLines
import TestSupport
import Testing

/// `{"command":"history"}` and `{"command":"rewind","to":SEQ}`, and `:undo` from the terminal
/// front ends, seen by every front end at once.
@Suite struct RewindCommandTests {
  typealias E = Expected

  private func cell(_ row: Int, _ column: Int) -> String {
    Input.action(
      "newGame.game.cellTapped",
      ["row": .number(JSONNumber(row)), "column": .number(JSONNumber(column))])
  }

  private func rewind(to seq: Int) -> String { #"{"command":"rewind","to":\#(seq)}"# }

  @Test func historyListsTheStateEventsAndRewindGoesBackToOne() throws {
    let transcript = try HostProcess.run(
      lines: Input.startGame + [cell(1, 1), cell(0, 0), Input.command("history")])
    let history = try #require(transcript.events.last { $0.type == "history" })
    let listed = history.value["states"]?.array?.compactMap { $0["seq"]?.number?.exactInt } ?? []
    let stateSeqs = transcript.events.filter { $0.type == "state" }.map(\.seq)
    #expect(listed == stateSeqs)
    #expect(history.value["states"]?.array?.last?["screen"]?.string == "game")

    // Back to the state right after the first move: the second mark goes, for good.
    func board(_ event: Event) -> [[JSONValue]]? {
      event.state?["newGame"]?["game"]?["board"]?.array?.compactMap(\.array)
    }
    let afterFirstMove = try #require(
      transcript.events.last { event in
        let board = board(event)
        return board?[1][1].string == "x" && board?[0][0] == JSONValue.null
      })
    let rewound = try HostProcess.run(
      lines: Input.startGame + [
        cell(1, 1), cell(0, 0), rewind(to: afterFirstMove.seq), cell(2, 2),
        Input.command("snapshot"),
      ])
    let last = try #require(rewound.events.last.flatMap(board))
    #expect(last[0][0] == JSONValue.null)
    #expect(last[1][1].string == "x")
    #expect(last[2][2].string == "o", "the move after the rewind is played after it")
  }

  @Test func aRewindToWhatIsNoStateEventIsAnError() throws {
    let transcript = try HostProcess.run(lines: [
      rewind(to: 1), #"{"command":"rewind"}"#, #"{"command":"rewind","to":"2"}"#,
    ])
    #expect(
      transcript.afterAttach == [
        E.error(
          "cannot rewind: seq 1 is not a state event kept in the history; the history holds "
            + "state events 2 to 2", line: 1),
        E.error(
          "command \"rewind\" needs \"to\": the seq of a state event, a positive integer", line: 2),
        E.error(
          "command \"rewind\" needs \"to\": the seq of a state event, a positive integer", line: 3),
      ])
  }

  @Test func undoFromTextIsSeenByAJsonlObserver() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tictactoe-undo-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let events = directory.appendingPathComponent("events.jsonl").path
    let script = [
      "email blob@pointfree.co", "password password", "login", "x Blob", "o Blub", "play", "2 2",
      "1 1", ":undo", ":undo", ":undo",
    ]
    let host = try HostProcess(
      ["--frontend", "text", "--frontend", "jsonl:\(events)", "--auth-delay", "0"])
    host.write(Array((script.joined(separator: "\n") + "\n").utf8))
    let (status, _) = host.finishWithoutChecks()
    #expect(status == 0)
    #expect(
      String(decoding: host.output, as: UTF8.self).contains(
        "! no move of this game is left to undo"))
    let last = try String(contentsOfFile: events, encoding: .utf8).split(separator: "\n")
      .last { $0.contains(#""type":"state""#) }
    #expect(
      last?.contains(#""board":[[null,null,null],[null,null,null],[null,null,null]]"#) == true)
  }
}
