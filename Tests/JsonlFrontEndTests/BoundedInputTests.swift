import Foundation
import TestSupport
import Testing

/// Hostile input through the real `tictactoe --frontend jsonl` process: lines over 1 MiB,
/// 100 000 nested `[`, numbers of hundreds of thousands of digits, invalid UTF-8 and random
/// bytes, as one stream generated while it is written (never stored whole). The host must
/// answer every bad line with exactly one `error` event, keep its memory bounded, and still
/// serve a valid line afterwards.
///
/// The stream is 64 MiB by default (16 MiB under a sanitizer); `TICTACTOE_GARBAGE_BYTES` changes
/// it (Scripts/garbage.sh runs 1 GiB), and `TICTACTOE_HOST` runs another `tictactoe` (a release
/// build, say). The pipes are served on a thread of their own, not on the cooperative pool,
/// which has only as many threads as cores and which other tests need meanwhile.
@Suite struct BoundedInputTests {
  @Test func aGarbageStreamIsAnsweredWithErrorsInBoundedMemory() async throws {
    let environment = ProcessInfo.processInfo.environment
    let size =
      environment["TICTACTOE_GARBAGE_BYTES"].flatMap(Int.init)
      ?? (Sanitizer.isActive ? 16 << 20 : 64 << 20)
    let host = try environment["TICTACTOE_HOST"].map { URL(fileURLWithPath: $0) } ?? Products.host()
    let run = try await onOwnThread { try GarbageRun(host: host, size: size, seed: 0x7717_7AC7_0E) }
    print(
      "garbage: \(run.bytesWritten) bytes in \(run.lines) lines, \(run.errors) error events "
        + "(\(run.expectedErrors) expected), peak RSS \(run.peakKiB) KiB (\(run.baselineKiB) KiB "
        + "after start), \(String(format: "%.1f", run.seconds)) s")
    #expect(run.sawValidState, "the valid line after the garbage got no state event")
    #expect(run.bytesWritten >= size)
    #expect(run.errors == run.expectedErrors, "one error event per bad line")
    #expect(run.actions == 1, "only the valid line after the garbage reaches the store")
    #expect(run.exitStatus == 0)
    // The host reads 64 KiB at a time and keeps at most one 1 MiB line: its memory must not
    // follow the size of the stream. Sanitizers' shadow memory and quarantine are not the
    // host's, so the bound is only checked in a plain build.
    if !Sanitizer.isActive {
      #expect(run.peakKiB - run.baselineKiB < 64 * 1024, "peak RSS grew by over 64 MiB")
    }
  }

  @Test func eachKindOfHostileLineIsOneError() async throws {
    let digits = String(repeating: "7", count: 900_000)
    let lines: [[UInt8]] = [
      Array(repeating: UInt8(ascii: "a"), count: (1 << 20) + 1),
      Array(repeating: UInt8(ascii: "["), count: 100_000),
      Array(repeating: UInt8(ascii: "{"), count: 100_000),
      Array(#"{"action":"newGame.game.cellTapped","row":\#(digits),"column":0}"#.utf8),
      Array("[1\(digits)e9999999999999999999999]".utf8),
      Array("[-0.\(digits)E-99999999999999999999]".utf8),
      [0xFF, 0xFE, 0x7B, 0x7D],
      Array(#"{"action":"login.view.binding.email","value":""#.utf8) + [0xED, 0xA0, 0x80]
        + Array(#""}"#.utf8),
      [0xC0, 0xAF],
    ]
    var stream = lines.flatMap { $0 + [UInt8(ascii: "\n")] }
    stream += Array((GarbageRun.validLine + "\n").utf8)
    let host = try Products.host()
    let run = try await onOwnThread { [stream] in try GarbageRun(host: host, input: stream) }
    #expect(run.sawValidState)
    #expect(run.errors == lines.count)
    #expect(run.expectedErrors == lines.count)
    #expect(run.actions == 1)
    #expect(run.exitStatus == 0)
  }
}
