import Foundation
import FrontEndHost
import Testing
import TicTacToeFrontEndABI

/// What ABI 1.3 added for issue 26, used from C through the probe: the payload of every action
/// event (secrets redacted), and the notes the host keeps for the next front end of a name.
@MainActor
@Suite struct ABI13NotesAndPayloadTests {
  let host = makeTestHost()
  let probe: Probe

  init() async throws {
    probe = try await Probe()
    _ = try host.attach(FrontEndSpec(probe.path), ownsTerminal: false).get()
  }

  @Test func actionEventsCarryTheirPayloadWithSecretsRedacted() async {
    #expect(probe.send(TTT_ACTION_LOGIN_SET_PASSWORD, text: "s3cret-pass") == TTT_OK)
    #expect(probe.lastPayload == #"{"value":"<redacted>"}"#)
    #expect(probe.send(TTT_ACTION_LOGIN_SET_EMAIL, text: "blob@pointfree.co") == TTT_OK)
    #expect(probe.lastPayload == #"{"value":"blob@pointfree.co"}"#)
    await startGame(on: host)
    #expect(probe.send(TTT_ACTION_GAME_CELL_TAPPED, row: 0, column: 2) == TTT_OK)
    #expect(probe.lastPayload == #"{"row":0,"column":2}"#)
    #expect(probe.send(TTT_ACTION_GAME_QUIT_BUTTON_TAPPED) == TTT_OK)
    #expect(probe.lastPayload == "{}")
  }

  @Test func aNoteOutlivesTheFrontEndThatKeptIt() async throws {
    #expect(probe.note("cursor") == nil)
    #expect(probe.keepNote("0,2", under: "cursor") == TTT_OK)
    #expect(probe.note("cursor") == "0,2")
    for session in host.attachedFrontEnds { host.detach(session) }
    _ = try host.attach(FrontEndSpec(probe.path), ownsTerminal: false).get()
    #expect(probe.note("cursor") == "0,2", "the next front end of the name reads it")
    #expect(probe.keepNote(nil, under: "cursor") == TTT_OK)
    #expect(probe.note("cursor") == nil)
  }

  @Test func notesHaveLimits() async {
    #expect(probe.keepNote("x", under: "") == TTT_ERR_INVALID_ARGUMENT)
    #expect(
      probe.keepNote("x", under: String(repeating: "k", count: 65)) == TTT_ERR_INVALID_ARGUMENT)
    #expect(
      probe.keepNote(String(repeating: "v", count: 4097), under: "big") == TTT_ERR_INVALID_ARGUMENT)
    #expect(probe.lastError == "a note is at most 4096 bytes, not 4097")
    for index in 0..<64 { #expect(probe.keepNote("\(index)", under: "key\(index)") == TTT_OK) }
    #expect(probe.keepNote("one too many", under: "key64") == TTT_ERR_INVALID_ARGUMENT)
    #expect(probe.keepNote("replaced", under: "key0") == TTT_OK)
    #expect(probe.note("key0") == "replaced")
  }
}
