import JSONLines
import TestSupport
import Testing

/// Framing, encodings and flushing: the transport section of `JSONL.md`.
@Suite struct TransportTests {
  let snapshot = Input.command("snapshot")

  @Test func crlfLineEndingsAreAccepted() throws {
    let lines = Input.logIn()
    let withLF = try HostProcess.run(lines: lines)
    let withCRLF = try HostProcess.run(Array(lines.map { $0 + "\r\n" }.joined().utf8))
    #expect(withCRLF.errors.isEmpty)
    #expect(withCRLF.afterAttach == withLF.afterAttach)
    #expect(withCRLF.states.last == States.newGame())
  }

  @Test func blankLinesAreIgnoredButCounted() throws {
    let input = "\n   \n\t\r\n\r\n" + "nonsense\n" + "\n" + snapshot + "\n"
    let transcript = try HostProcess.run(Array(input.utf8))
    #expect(
      transcript.afterAttach == [
        ["type": "error", "message": "invalid JSON at byte 0: expected a value", "line": 5],
        ["type": "state", "state": States.login()],
      ])
  }

  @Test func aByteOrderMarkIsSkipped() throws {
    let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
    let transcript = try HostProcess.run(bom + Array((snapshot + "\n").utf8) + bom + [0x0A])
    #expect(transcript.afterAttach == [["type": "state", "state": States.login()]])
  }

  @Test func aLastLineWithoutNewlineIsRead() throws {
    let transcript = try HostProcess.run(Array(snapshot.utf8))
    #expect(transcript.afterAttach == [["type": "state", "state": States.login()]])
    #expect(transcript.status == 0)
  }

  /// `line` padded with spaces to exactly `length` bytes.
  func padded(_ line: String, to length: Int) -> [UInt8] {
    Array(line.utf8) + [UInt8](repeating: UInt8(ascii: " "), count: length - line.utf8.count)
  }

  @Test func linesOfExactlyOneMiBAreAccepted() throws {
    let limit = 1 << 20
    let input =
      padded(snapshot, to: limit) + Array("\n".utf8) + padded(snapshot, to: limit)
      + Array("\r\n".utf8)
    let transcript = try HostProcess.run(input)
    #expect(transcript.errors.isEmpty)
    #expect(transcript.states.count == 3)
  }

  @Test func linesOverOneMiBAreAnErrorAndTheRestIsRead() throws {
    let limit = 1 << 20
    let email = Input.action("login.view.binding.email", ["value": "blob@pointfree.co"])
    let input =
      padded(email, to: limit + 1) + Array("\n".utf8)  // one byte too long
      + padded(snapshot, to: limit) + Array("x\r\n".utf8)  // too long even without \r\n
      + [UInt8](repeating: UInt8(ascii: "["), count: 5 * limit) + Array("\n".utf8)
      + Array((snapshot + "\n").utf8)
    let transcript = try HostProcess.run(input)
    let message = "line is longer than 1 MiB (1048576 bytes); ignored"
    #expect(
      transcript.afterAttach == [
        ["type": "error", "message": .string(message), "line": 1],
        ["type": "error", "message": .string(message), "line": 2],
        ["type": "error", "message": .string(message), "line": 3],
        ["type": "state", "state": States.login()],
      ])
  }

  @Test func anEndlessLineIsDiscardedWithoutBufferingIt() throws {
    let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 1 << 20)
    let host = try HostProcess()
    _ = try host.readEvent()
    _ = try host.readEvent()
    let baseline = try #require(host.peakMemoryKiB())
    for _ in 0..<48 { host.write(chunk) }  // 48 MiB with no newline
    let error = try host.readEvent()
    #expect(error.value["line"] == 1)
    host.write(Array(("\n" + snapshot + "\n").utf8))
    #expect(try host.readEvent().state == States.login())
    let peak = try #require(host.peakMemoryKiB())
    // AddressSanitizer's quarantine keeps freed read buffers: the bound holds in plain builds.
    if !Sanitizer.isActive {
      #expect(peak - baseline < 8 * 1024, "the host kept \(peak - baseline) KiB more")
    }
    let transcript = try host.finish()
    #expect(transcript.errors.count == 1)
  }

  @Test func invalidUTF8IsAnError() throws {
    let valid = Array(#"{"action":"login.view.binding.email","value":""#.utf8)
    let lines: [[UInt8]] = [
      valid + [0xFF] + Array(#""}"#.utf8),
      valid + [0xC3, 0x28] + Array(#""}"#.utf8),
      valid + [0xED, 0xA0, 0x80] + Array(#""}"#.utf8),
      [0xC0, 0xAF],
    ]
    let transcript = try HostProcess.run(lines.flatMap { $0 + [UInt8(ascii: "\n")] })
    #expect(
      transcript.afterAttach == [
        [
          "type": "error",
          "message": "invalid UTF-8 at byte 46: malformed sequence starting with byte 0xFF",
          "line": 1,
        ],
        [
          "type": "error",
          "message": "invalid UTF-8 at byte 46: malformed sequence starting with byte 0xC3",
          "line": 2,
        ],
        [
          "type": "error",
          "message": "invalid UTF-8 at byte 46: malformed sequence starting with byte 0xED",
          "line": 3,
        ],
        [
          "type": "error",
          "message": "invalid UTF-8 at byte 0: malformed sequence starting with byte 0xC0",
          "line": 4,
        ],
      ])
  }

  @Test func invalidJSONIsAnErrorAndTheStateIsUntouched() throws {
    let lines = [
      #"{"action":"login.view.binding.email" "value":"a"}"#,
      #"{"action":"login.view.binding.email","value":"a""#,
      #"{"action":'login.view.loginButtonTapped'}"#,
      #"{"command":"snapshot",}"#,
      #"{"command":"snapshot","command":"quit"}"#,
      "{" + String(repeating: "[", count: 100),
      snapshot,
    ]
    let transcript = try HostProcess.run(lines: lines)
    let messages = transcript.errors.map { "\($0.inputLine ?? 0): \($0.message ?? "")" }
    #expect(
      messages == [
        "1: invalid JSON at byte 37: expected ',' or '}'",
        "2: invalid JSON at byte 48: expected ',' or '}' (found the end of the input)",
        "3: invalid JSON at byte 10: expected a value",
        "4: invalid JSON at byte 22: expected '\"'",
        "5: invalid JSON at byte 22: duplicate key",
        "6: invalid JSON at byte 1: expected '\"' or '}'",
      ])
    #expect(transcript.actions.isEmpty)
    #expect(transcript.states == [States.login(), States.login()])
    #expect(transcript.errors.allSatisfy { $0.value["id"] == nil })
  }

  @Test func nestingIsBounded() throws {
    let transcript = try HostProcess.run(lines: [
      String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
    ])
    #expect(
      transcript.errors.map(\.message) == ["invalid JSON at byte 64: nesting deeper than 64 levels"]
    )
  }

  @Test func valuesOtherThanObjectsAreErrors() throws {
    let transcript = try HostProcess.run(lines: ["[]", #""snapshot""#, "1", "null", "true"])
    #expect(
      transcript.afterAttach == [
        ["type": "error", "message": "expected a JSON object, got an array", "line": 1],
        ["type": "error", "message": "expected a JSON object, got a string", "line": 2],
        ["type": "error", "message": "expected a JSON object, got a number", "line": 3],
        ["type": "error", "message": "expected a JSON object, got null", "line": 4],
        ["type": "error", "message": "expected a JSON object, got a boolean", "line": 5],
      ])
  }

  @Test func everyEventIsWrittenAsItHappens() throws {
    // Each answer is read before the next line is written, with the input still open: a
    // buffered output would leave the reader waiting forever (until the watchdog).
    let host = try HostProcess()
    #expect(try host.readEvent().type == "hello")
    #expect(try host.readEvent().state == States.login())
    host.send(snapshot)
    #expect(try host.readEvent().state == States.login())
    host.send(Input.action("login.view.binding.email", ["value": "a@b"]))
    #expect(try host.readEvent().action == "login.view.binding.email")
    #expect(try host.readEvent().state == States.login(email: "a@b"))
    host.send("oops")
    #expect(try host.readEvent().message == "invalid JSON at byte 0: expected a value")
    let transcript = try host.finish()
    #expect(transcript.events.count == 6)
    #expect(transcript.status == 0)
  }
}
