import Foundation
import FrontEndHost
import Testing
import TicTacToeAppCore
import TicTacToeFrontEndABI

/// Calls with NULLs, garbage handles, absurd sizes and counts: refused, named, and harmless.
extension HostileFrontEndTests {
  /// What each absurd call must return: a status, or 0 for a NULL pointer, a zero id, `false`.
  static let absurdExpectations: [String: ttt_status] = [
    "send NULL action": TTT_ERR_INVALID_ARGUMENT,
    "send NULL handle": TTT_ERR_INVALID_ARGUMENT,
    "send garbage handle": TTT_ERR_INVALID_ARGUMENT,
    "send host pointer as store": TTT_ERR_INVALID_ARGUMENT,
    "send struct_size 0": TTT_ERR_INVALID_ARGUMENT,
    "send struct_size 1": TTT_ERR_INVALID_ARGUMENT,
    "send struct_size 1<<31 tag 0": TTT_ERR_UNKNOWN,
    "send tag UINT32_MAX": TTT_ERR_UNKNOWN,
    "send NULL text": TTT_ERR_INVALID_ARGUMENT,
    "send invalid UTF-8": TTT_ERR_INVALID_ARGUMENT,
    "send 64 KiB + 1 text": TTT_ERR_INVALID_ARGUMENT,
    "send cell INT32_MIN": TTT_ERR_INVALID_ARGUMENT,
    "send wrong feature": TTT_ERR_WRONG_FEATURE,
    "send_path NULL path": TTT_ERR_INVALID_ARGUMENT,
    "send_path count SIZE_MAX": TTT_ERR_INVALID_ARGUMENT,
    "send_path count 1<<40": TTT_ERR_INVALID_ARGUMENT,
    "send_path count 17": TTT_ERR_INVALID_ARGUMENT,
    "send_path NULL values": TTT_ERR_INVALID_ARGUMENT,
    "send_path count 0": TTT_ERR_INVALID_ARGUMENT,
    "send_path count 2": TTT_ERR_INVALID_ARGUMENT,
    "send_path int for string": TTT_ERR_INVALID_ARGUMENT,
    "send_path type 999": TTT_ERR_INVALID_ARGUMENT,
    "send_path NULL string": TTT_ERR_INVALID_ARGUMENT,
    "send_path invalid UTF-8 path": TTT_ERR_INVALID_ARGUMENT,
    "send_path unknown path": TTT_ERR_UNKNOWN,
    "send_path garbage handle": TTT_ERR_INVALID_ARGUMENT,
    "send_path effect-only path": TTT_ERR_EFFECT_ONLY,
    "edit_text field UINT32_MAX": TTT_ERR_UNKNOWN,
    "edit_text edit UINT32_MAX": TTT_ERR_UNKNOWN,
    "edit_text append NULL": TTT_ERR_INVALID_ARGUMENT,
    "edit_text invalid UTF-8": TTT_ERR_INVALID_ARGUMENT,
    "edit_text 64 KiB + 1": TTT_ERR_INVALID_ARGUMENT,
    "edit_text NULL handle": TTT_ERR_INVALID_ARGUMENT,
    "edit_text inactive field": TTT_ERR_INACTIVE,
    "read_login NULL out": TTT_ERR_INVALID_ARGUMENT,
    "read_login NULL handle": TTT_ERR_INVALID_ARGUMENT,
    "read_login garbage handle": TTT_ERR_INVALID_ARGUMENT,
    "read_login struct_size 0": TTT_ERR_INVALID_ARGUMENT,
    "read_login struct_size 3": TTT_ERR_INVALID_ARGUMENT,
    "read_game through login handle": TTT_ERR_WRONG_FEATURE,
    "read_game inactive": TTT_ERR_INACTIVE,
    "request kind UINT32_MAX": TTT_ERR_UNSUPPORTED,
    "request kind 0": TTT_ERR_UNSUPPORTED,
    "request attach NULL": TTT_ERR_INVALID_ARGUMENT,
    "request attach missing file": TTT_ERR_UNKNOWN,
    "request attach relative file": TTT_ERR_UNKNOWN,
    "request switch empty": TTT_ERR_INVALID_ARGUMENT,
    "request detach NULL": TTT_ERR_INVALID_ARGUMENT,
    "request NULL host": TTT_ERR_INVALID_ARGUMENT,
    "request garbage host": TTT_ERR_INVALID_ARGUMENT,
    "find_action NULL path": TTT_ERR_INVALID_ARGUMENT,
    "find_action NULL out": TTT_ERR_INVALID_ARGUMENT,
    "find_action invalid UTF-8": TTT_ERR_INVALID_ARGUMENT,
    "find_action garbage host": TTT_ERR_INVALID_ARGUMENT,
    "find_action unknown path": TTT_ERR_UNKNOWN,
    "find_action effect-only path": TTT_ERR_EFFECT_ONLY,
    "read_state_json NULL out": TTT_ERR_INVALID_ARGUMENT,
    "read_state_json NULL handle": TTT_ERR_INVALID_ARGUMENT,
    "read_state_json through login handle": TTT_ERR_WRONG_FEATURE,
    "read_state_json struct_size 3": TTT_ERR_INVALID_ARGUMENT,
  ]

  /// Calls that return a pointer, an id, a count or nothing: all must come back empty.
  static let absurdEmptyResults = [
    "root NULL", "root garbage", "root store pointer as host", "scope feature UINT32_MAX",
    "scope NULL", "is_active NULL", "is_active garbage", "subscribe NULL callback",
    "subscribe NULL handle", "observe_actions NULL callback", "observe_actions garbage host",
    "unsubscribe unknown ids", "log absurd", "action_count NULL", "action_at SIZE_MAX",
    "action_at count", "action_at NULL host", "field_count NULL", "field_at SIZE_MAX",
    "field_at garbage host", "make_sender NULL path", "make_sender unknown path",
    "make_sender invalid UTF-8", "make_sender NULL handle", "last_error NULL host",
    "last_error garbage host", "find_action leaves NULL",
  ]

  @Test func absurdArgumentsAreRefusedAndChangeNothing() throws {
    _ = try attach()
    setEmail("before@absurd")
    let before = host.store.state
    let changes = hostile.changes
    hostile.clearReport()
    let count = hostile.absurd()
    let report = hostile.report
    #expect(report.count == count)
    #expect(
      count == Self.absurdExpectations.count + Self.absurdEmptyResults.count,
      "every call has an expectation")
    for call in report {
      if let status = Self.absurdExpectations[call.label] {
        #expect(call.result == Int(status), "\(call)")
        // The message says what was wrong; a call through a garbage handle has no front end
        // to tell, and the message is then the previous one.
        #expect(!call.message.isEmpty, "\(call)")
      } else {
        #expect(Self.absurdEmptyResults.contains(call.label), "unexpected call \(call)")
        #expect(call.result == 0, "\(call)")
      }
    }
    #expect(host.store.state == before)
    #expect(hostile.changes == changes)
    #expect(email == "before@absurd")
    // Messages name what was wrong.
    let messages = Dictionary(report.map { ($0.label, $0.message) }) { first, _ in first }
    #expect(messages["send tag UINT32_MAX"] == "unknown action tag 4294967295")
    #expect(messages["send_path count SIZE_MAX"]?.contains("-1 arguments") == true)
    #expect(messages["send_path count 17"]?.contains("17 arguments") == true)
    #expect(messages["send 64 KiB + 1 text"] == "text is longer than 65536 bytes")
    #expect(messages["send invalid UTF-8"] == "text is not valid UTF-8")
    #expect(messages["send cell INT32_MIN"]?.contains("out of range") == true)
    #expect(messages["read_login struct_size 0"] == "struct_size 0 is too small")
    #expect(messages["request kind UINT32_MAX"] == "unknown request 4294967295")
    #expect(messages["request attach missing file"]?.contains("/no/such/libfrontend.so") == true)
    #expect(messages["send_path int for string"]?.contains("was given (int32)") == true)
    // The host is still alive and the front end still works.
    #expect(host.attachedFrontEnds.map(\.name) == ["hostile"])
    setEmail("after@absurd")
    #expect(hostile.changes == changes + 1)
  }

  @Test func absurdLogLinesAreBoundedAndNamed() throws {
    _ = try attach()
    _ = hostile.absurd()
    let lines = log.lines
    #expect(lines.contains("tictactoe: [hostile] error: log level UINT32_MAX"))
    #expect(
      lines.contains("tictactoe: [hostile] warning: bad \u{FFFD}\u{FFFD} UTF-8 in a log line"))
    let long = lines.first { $0.contains("LLLL") }
    #expect(long == "tictactoe: [hostile] info: " + String(repeating: "L", count: 4096))
    #expect(!lines.contains { $0.contains("no host") || $0.contains("garbage host") })
  }

  @Test func aHugeStructSizeIsReadAsTheFieldsTheHostKnows() async throws {
    // A newer front end's bigger struct: the host reads (and fills) only what it knows.
    let probe = try await Probe()
    _ = try host.attach(FrontEndSpec(probe.path), ownsTerminal: false).get()
    // Read as a well-formed action: refused only because the empty form disables the button.
    #expect(
      probe.sendWithStructSize(1 << 31, TTT_ACTION_LOGIN_BUTTON_TAPPED) == TTT_ERR_DISABLED)
    let (status, login) = probe.readLogin(structSize: 1 << 31)
    #expect(status == TTT_OK)
    #expect(login.struct_size == 1 << 31)
  }
}
