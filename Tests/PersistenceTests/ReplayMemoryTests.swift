import Foundation
import TestSupport
import Testing

/// `replay` reads its log a line at a time: a long log replays in about the memory of a short
/// one (it used to hold every line and every state it records, 333 MB for a 46 MB log), from a
/// file and from a pipe on standard input alike.
@Suite struct ReplayMemoryTests {
  @Test func aLongLogReplaysInTheMemoryOfAShortOne() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // A recording of two edits; the long log repeats them (each line's state follows from the
    // one before): 20 000 lines, 2.8 MB, which the whole-log reader held as about 16 MB more.
    let script = #"""
      printf '%s\n' '{"action":"login.view.binding.email","value":"a@example.com"}' \
        '{"action":"login.view.binding.email","value":"b@example.com"}' \
        | "$T" --frontend jsonl --auth-delay 0 --record short.jsonl > /dev/null
      { head -n 1 short.jsonl
        awk 'NR > 1 { line[NR] = $0 } END { for (i = 0; i < 10000; i++) print line[2] "\n" line[3] }' \
          short.jsonl; } > long.jsonl
      peak() { /usr/bin/time -f %M "$T" replay "$@" --frontend jsonl 2>&1 > /dev/null | tail -n 1; }
      echo "short $(peak short.jsonl < /dev/null)"
      echo "long $(peak long.jsonl < /dev/null)"
      echo "piped $(cat long.jsonl | peak -)"
      echo "lines $(wc -l < long.jsonl) bytes $(wc -c < long.jsonl)"
      """#
    let result = try await Fixtures.bash(script, in: directory)
    #expect(result.status == 0, "\(result.standardError)")
    var peaks: [String: Int] = [:]
    for line in result.standardOutput.split(separator: "\n") {
      let words = line.split(separator: " ")
      if words.count == 2, let kib = Int(words[1]) { peaks[String(words[0])] = kib }
    }
    let short = try #require(peaks["short"], "\(result.standardOutput)")
    #expect(result.standardOutput.contains("lines 20001"), "\(result.standardOutput)")
    for name in ["long", "piped"] {
      let peak = try #require(peaks[name], "\(result.standardOutput)")
      #expect(
        peak - short < 8 << 10,
        "the \(name) replay peaked at \(peak) KiB, the short one at \(short) KiB")
    }
  }
}
