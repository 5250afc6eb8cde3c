import Persistence
import Testing

/// The session file's framing (`SessionLog`): one checksummed record per save, the last whole
/// one current, a torn tail ignored, damage before it reported, and the format before the log
/// read as one snapshot.
@Suite struct SessionLogTests {
  private static func snapshot(_ email: String) -> [UInt8] {
    Array(
      #"{"format":"tictactoe-session","version":1,"state":{"screen":"login","email":"\#(email)"}}"#
        .utf8)
      + [UInt8(ascii: "\n")]
  }

  private static func log(_ emails: [String]) -> [UInt8] {
    emails.flatMap { SessionLog.record(snapshot($0)) }
  }

  private static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  @Test func aRecordIsTheSnapshotsCRC32ThenTheSnapshotOnOneLine() {
    // 0xCBF43926 is CRC-32's check value, the checksum of "123456789".
    #expect(Self.text(SessionLog.record(Array("123456789".utf8))) == "cbf43926 123456789\n")
    let record = SessionLog.record(Self.snapshot("a@b.c"))
    #expect(record.filter { $0 == UInt8(ascii: "\n") }.count == 1)
    #expect(Self.text(Array(record[9...])) == Self.text(Self.snapshot("a@b.c")))
  }

  @Test func theLastWholeRecordIsTheSession() throws {
    let contents = try SessionLog.contents(of: Self.log(["a@b.c", "b@b.c", "c@b.c"]))
    #expect(Self.text(contents.snapshot) + "\n" == Self.text(Self.snapshot("c@b.c")))
    #expect(contents.damage == nil)
  }

  /// A save cut short anywhere, bytes the disk never wrote (zeros), or a whole line whose
  /// checksum fails, after the last whole record: that record is the session.
  @Test func aTornTailIsIgnored() throws {
    let whole = Self.log(["a@b.c", "b@b.c"])
    let next = SessionLog.record(Self.snapshot("c@b.c"))
    var damagedLine = next
    damagedLine[20] ^= 0x01
    let tails: [[UInt8]] =
      (1..<next.count).map { Array(next[..<$0]) } + [
        [UInt8](repeating: 0, count: 300), damagedLine,
        Array(next[..<40]) + [UInt8](repeating: 0, count: 4096) + [UInt8(ascii: "\n"), 0, 0],
      ]
    for tail in tails {
      let contents = try SessionLog.contents(of: whole + tail)
      #expect(Self.text(contents.snapshot).contains("b@b.c"), "tail: \(Self.text(tail))")
      #expect(contents.damage == nil, "tail: \(Self.text(tail))")
    }
  }

  @Test func aDamagedRecordBeforeAWholeOneIsReportedAndTheLastWholeOneRead() throws {
    var bytes = Self.log(["a@b.c", "b@b.c", "c@b.c"])
    let second = SessionLog.record(Self.snapshot("a@b.c")).count
    bytes[second + 30] = UInt8(ascii: "#")
    let contents = try SessionLog.contents(of: bytes)
    #expect(Self.text(contents.snapshot).contains("c@b.c"))
    #expect(contents.damage == "record 2 (at byte \(second))")
  }

  /// A first record whose checksum is damaged does not make the log a file of the format before
  /// it: the whole records after it are still read.
  @Test func aLogWhoseFirstChecksumIsDamagedIsStillALog() throws {
    var bytes = Self.log(["a@b.c", "b@b.c"])
    bytes.replaceSubrange(0..<8, with: Array("zz\u{0}zzzzz".utf8))
    let contents = try SessionLog.contents(of: bytes)
    #expect(Self.text(contents.snapshot).contains("b@b.c"))
    #expect(!Self.text(contents.snapshot).contains("a@b.c"))
    #expect(contents.damage == "record 1 (at byte 0)")
  }

  @Test func aLogWithNoWholeRecordIsAnError() {
    let record = SessionLog.record(Self.snapshot("a@b.c"))
    #expect {
      _ = try SessionLog.contents(of: Array(record.dropLast(5)))
    } throws: { error in
      "\(error)" == "no record in it is whole: record 1 (at byte 0) is cut short or damaged"
    }
  }

  /// A file written before the log (one snapshot, no checksum) is read whole, as it was.
  @Test func aFileInTheFormatBeforeTheLogIsOneSnapshot() throws {
    let old = Self.snapshot("old@b.c")
    let contents = try SessionLog.contents(of: old)
    #expect(contents.snapshot == old)
    #expect(contents.damage == nil)
    // Anything else that does not start with a record is passed on whole, for the snapshot's
    // reader to say what is wrong with it.
    for other in ["", "not a session", "\u{0}\u{1}binary", "cbf43926"] {
      #expect(try SessionLog.contents(of: Array(other.utf8)).snapshot == Array(other.utf8))
    }
  }
}
