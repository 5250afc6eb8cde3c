import Foundation
import TestSupport
import Testing

/// Issue 22, P4: the history belongs to the host's terminal. A client of the socket may read it
/// (`history`) but not rewind it, as the README says: `rewind` is refused with an `error` event
/// and the game everyone sees stays where it was.
@Suite struct RemoteHistoryTests {
  @Test func aSocketClientCannotRewindTheGameEveryoneSees() throws {
    let host = try ListeningHost()
    let client = try host.attach()
    for line in Input.startGame + Input.play([(1, 1)]) { client.send(line) }
    let moved = States.newGame(
      o: "Blub", x: "Blob", game: States.game(["   ", " x ", "   "], currentPlayer: "o"))
    try client.readEvents(until: { $0.state == moved })
    client.send(#"{"command":"rewind","to":2,"id":"back"}"#)
    client.send(Input.command("snapshot"))
    let refusal = try client.readEvent()
    #expect(refusal.type == "error")
    #expect(
      refusal.message
        == "cannot rewind: a client of the host's socket cannot rewind or undo; only the host's "
        + "terminal can")
    #expect(refusal.value["id"]?.string == "back")
    #expect(try client.readEvent().state == moved, "the game was rewound")
    // The terminal owner saw no rewind either: its next state is the snapshot it asks for.
    try host.process.readEvent(where: { $0.state == moved })
    host.process.send(Input.command("snapshot"))
    #expect(try host.process.readEvent(where: { $0.type == "state" }).state == moved)
  }
}
