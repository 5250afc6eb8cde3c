import Foundation
import TestSupport
import Testing

/// The `id` an error echoes is the line's own, byte for byte: a number of any length stays that
/// number, and a string holding U+0000 comes back whole; only one that holds the password
/// comes back as `"***"`.
@Suite struct EchoedIdTests {
  @Test func anIdComesBackAsGivenHoweverLongAndWhateverItHolds() throws {
    let digits = "9" + String(repeating: "0", count: 899_999)
    let host = try HostProcess()
    #expect(try host.readEvent().type == "hello")
    _ = try host.readEvent()
    host.send(#"{"action":"login.view.binding.password","value":"hunter2"}"#)
    for _ in 0..<2 { _ = host.readLine() }  // action, state
    let lines = [
      #"{"action":"nope","id":\#(digits)}"#,
      #"{"action":"nope","id":"a\u0000b"}"#,
      #"{"action":"nope","id":"a\u0000hunter2"}"#,
      #"{"action":"nope","id":-12.5e3}"#,
    ]
    var echoed: [String] = []
    for line in lines {
      host.send(line)
      let error = try #require(host.readLine())
      #expect(error.hasPrefix(#"{"type":"error""#), "\(error.prefix(80))")
      let id = try #require(error.range(of: #","id":"#), "no id in \(error.prefix(80))")
      echoed.append(String(error[id.upperBound...].dropLast()))
    }
    #expect(echoed[0] == digits, "a \(echoed[0].count)-character id came back")
    #expect(echoed[1] == #""a\u0000b""#)
    #expect(echoed[2] == #""***""#)
    #expect(echoed[3] == "-12.5e3")
    let (status, standardError) = host.finishWithoutChecks()
    #expect(status == 0)
    #expect(!standardError.contains("hunter2"))
  }
}
