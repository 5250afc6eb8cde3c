import Foundation
import Persistence
import TestSupport
import Testing

/// `SessionFile` keeps the session as a log: each save appends a record, the first save of a
/// process and a log grown past `SessionFile.compactionSize` compact it to one; and the real
/// host restores the last whole save of a log with a torn tail, of a damaged log (a copy kept),
/// and of a file in the format before the log.
@Suite struct SessionFileLogTests {
  private static func snapshot(_ text: String) -> [UInt8] {
    Array(#"{"format":"tictactoe-session","version":1,"note":"\#(text)"}"#.utf8) + [10]
  }

  /// The session file `game` in `directory`, opened and saved twice ("first", then "second"):
  /// a log of two records that this process appends to.
  private static func fileSavedTwice(in directory: URL) throws -> SessionFile {
    let file = try SessionFile.open(directory.appendingPathComponent("game").path)
    try file.save(snapshot("first"))
    try file.save(snapshot("second"))
    return file
  }

  @Test func theFirstSaveCompactsTheLogAndLaterOnesAppend() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("game").path
    // A log left by an earlier host, torn at its end.
    let earlier = SessionLog.record(Self.snapshot("old")) + Array("0badf00d {\"form".utf8)
    try #require(FileManager.default.createFile(atPath: path, contents: Data(earlier)))
    let file = try SessionFile.open(path)
    try file.save(Self.snapshot("first"))
    let first = SessionLog.record(Self.snapshot("first"))
    #expect(FileManager.default.contents(atPath: path) == Data(first))
    try file.save(Self.snapshot("second"))
    try file.save(Self.snapshot("third"))
    let expected =
      first + SessionLog.record(Self.snapshot("second")) + SessionLog.record(Self.snapshot("third"))
    #expect(FileManager.default.contents(atPath: path) == Data(expected))
  }

  /// A file removed (`rm`) or replaced (`mv`, an editor) while the host runs is written again
  /// by the next save: appends to the file that was there would reach nobody.
  @Test func aSaveAfterTheFileWasRemovedOrReplacedWritesItAgain() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = try Self.fileSavedTwice(in: directory)
    let path = file.path
    try FileManager.default.removeItem(atPath: path)
    try file.save(Self.snapshot("after rm"))
    #expect(
      FileManager.default.contents(atPath: path)
        == Data(SessionLog.record(Self.snapshot("after rm"))))
    try file.save(Self.snapshot("appended"))
    try FileManager.default.moveItem(atPath: path, toPath: path + ".old")
    let old = FileManager.default.contents(atPath: path + ".old")
    try #require(FileManager.default.createFile(atPath: path, contents: Data("other".utf8)))
    try file.save(Self.snapshot("after mv"))
    #expect(
      FileManager.default.contents(atPath: path)
        == Data(SessionLog.record(Self.snapshot("after mv"))))
    #expect(FileManager.default.contents(atPath: path + ".old") == old)
  }

  @Test func aLogThatWouldGrowPastTheBoundIsCompactedToItsLatestRecord() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("game").path
    let file = try SessionFile.open(path)
    let padding = String(repeating: "x", count: 10_000)
    var compactions = 0
    var largest = 0
    for number in 1...60 {
      let snapshot = Self.snapshot("\(number) \(padding)")
      try file.save(snapshot)
      let bytes = Array(FileManager.default.contents(atPath: path) ?? Data())
      largest = max(largest, bytes.count)
      let contents = try SessionLog.contents(of: bytes)
      #expect(contents.snapshot + [10] == snapshot, "save \(number)")
      if bytes.count(where: { $0 == 10 }) == 1 { compactions += 1 }
    }
    // 60 records of about 10 KB each make about 600 KB: compacted twice after the first.
    #expect(compactions == 3)
    #expect(largest <= SessionFile.compactionSize)
  }

  @Test func aTornTailIsIgnoredAndTheLastWholeSaveRestored() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try await Fixtures.bash(
      """
      printf 'email torn@b.c\\n' | $T --frontend text --auth-delay 0 --session game > /dev/null
      printf '0badf00d {"format":"tictactoe-session","version":1,"state":{"screen":"log' >> game
      $T --frontend text --session game < /dev/null | grep -c 'torn@b.c'
      tail -c 1 game | od -An -c; grep -c 0badf00d game; ls
      """, in: directory)
    #expect(result.standardOutput.hasPrefix("1\n"), "not restored: \(result)")
    // The restart compacted the file: one whole record, the torn one gone.
    #expect(result.standardOutput.contains("\\n\n0\n"), "\(result)")
    #expect(!result.standardOutput.contains("game.bad"), "\(result)")
    #expect(result.standardError.isEmpty, "\(result)")
  }

  @Test func aDamagedLogIsKeptAsideAndItsLastWholeSaveRestored() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try await Fixtures.bash(
      """
      printf 'email kept@b.c\\n' | $T --frontend text --auth-delay 0 --session game > /dev/null
      { tail -n 1 game | sed 's/kept@b.c/lost@b.c/'; tail -n 1 game; } > damaged
      cp damaged game
      $T --frontend text --session game < /dev/null | grep -c 'kept@b.c'
      cmp -s damaged game.bad-1 && echo "kept aside"
      grep -c 'kept@b.c' game
      """, in: directory)
    #expect(result.standardOutput == "1\nkept aside\n1\n", "\(result)")
    #expect(
      result.standardError.contains(
        "game is damaged: record 1 (at byte 0) is not a whole record; it is kept as game.bad-1, "
          + "and the game goes on from its last whole save"), "\(result.standardError)")
  }

  /// The copy of a damaged log is a second link to it: the file stays as it is, so a crash
  /// before the next save restarts from it, and that save replaces the file rather than append
  /// to what the copy holds.
  @Test func aKeptCopyStaysAsItWasAndTheFileUntilTheNextSave() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = try Self.fileSavedTwice(in: directory)
    let path = file.path
    let log = try #require(FileManager.default.contents(atPath: path))
    let aside = try file.keepCopy()
    #expect(aside == path + ".bad-1")
    #expect(FileManager.default.contents(atPath: path) == log)
    #expect(FileManager.default.contents(atPath: aside) == log)
    try file.save(Self.snapshot("third"))
    #expect(
      FileManager.default.contents(atPath: path)
        == Data(SessionLog.record(Self.snapshot("third"))))
    #expect(FileManager.default.contents(atPath: aside) == log)
  }

  @Test func aFileInTheFormatBeforeTheLogLoadsAndIsRewrittenAsALog() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try await Fixtures.bash(
      """
      printf '%s\\n' '{"format":"tictactoe-session","version":1,"state":{"screen":"login","email":"old@b.c"}}' > game
      $T --frontend text --session game < /dev/null | grep -c 'old@b.c'
      grep -c '^[0-9a-f]\\{8\\} {"format":"tictactoe-session".*"old@b.c"' game; ls
      """, in: directory)
    #expect(result.standardOutput.hasPrefix("1\n1\n"), "\(result)")
    #expect(!result.standardOutput.contains("game.bad"), "\(result)")
    #expect(result.standardError.isEmpty, "\(result)")
  }
}
