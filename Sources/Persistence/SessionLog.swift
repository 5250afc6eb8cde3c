/// The framing of a session file: a log of snapshots, one record per save, the last whole one
/// current. Appending a record costs a save one `fdatasync`; replacing the whole file costs two
/// `fsync`s and a `rename` (``SessionFile`` does that only to compact the log).
///
/// Each record is one line: the CRC-32 of the snapshot in 8 lowercase hex digits, a space, and
/// the snapshot, ``SessionSnapshot``'s JSON object (which holds no newline):
///
/// ```
/// 5d1c0f3a {"format":"tictactoe-session","version":1,"state":{"screen":"login",...}}
/// ```
///
/// - **The last whole record is the session.** A record is whole when its line ends and its
///   checksum matches. What follows the last whole record (a save a crash cut short, or bytes
///   the disk never wrote) is a torn tail: a save that did not finish, whose state no front end
///   showed yet. It is ignored.
/// - **A bad record before a whole one** cannot come from a crash, as the log is compacted
///   before anything is appended after a torn tail: the file is damaged. The last whole record
///   is still the session, and ``Contents/damage`` says where the damage is.
/// - **The format before the log.** A file with no whole record that does not start with one
///   (its first byte is `{`) is one snapshot, as files were before the log; it loads as it
///   always did. A file whose first record is damaged where a record starts, but which holds a
///   whole one, is a damaged log.
public enum SessionLog {
  /// What a session file holds now.
  public struct Contents: Sendable {
    /// The snapshot of the last whole record, or the whole file in the format before the log.
    public let snapshot: [UInt8]
    /// Where the first bad record before the last whole one starts, when the file is damaged:
    /// `record 3 (at byte 412)`.
    public let damage: String?
  }

  /// The record that holds `snapshot`, a JSON object with or without its newline.
  /// - Parameter snapshot: The bytes of ``SessionSnapshot/encode(_:undo:)``.
  /// - Returns: The line to append: checksum, space, snapshot, newline.
  public static func record(_ snapshot: [UInt8]) -> [UInt8] {
    var json = snapshot[...]
    if json.last == newline { json = json.dropLast() }
    var record: [UInt8] = []
    record.reserveCapacity(checksumLength + 1 + json.count + 1)
    let checksum = CRC32.checksum(json)
    for shift in stride(from: 28, through: 0, by: -4) {
      record.append(hexDigits[Int((checksum >> UInt32(shift)) & 0xF)])
    }
    record.append(space)
    record += json
    record.append(newline)
    return record
  }

  /// The snapshot a session file's content holds now; see the type's rules.
  /// - Parameter bytes: The file's content.
  /// - Returns: The snapshot, and what else was found.
  /// - Throws: A ``SessionSnapshot/DecodeError`` when the file is a log with no whole record.
  public static func contents(of bytes: [UInt8]) throws(SessionSnapshot.DecodeError) -> Contents {
    var last: Range<Int>?
    var damage: String?
    // The first bad record since the last whole one.
    var bad: String?
    var start = 0
    var number = 0
    while start < bytes.count {
      number += 1
      let end = bytes[start...].firstIndex(of: newline)
      if let end, let json = snapshot(in: bytes, start..<end) {
        last = json
        if damage == nil { damage = bad }
        bad = nil
      } else if bad == nil {
        bad = "record \(number) (at byte \(start))"
      }
      guard let end else { break }
      start = end + 1
    }
    guard let last else {
      // Not a log, unless it starts as one: the snapshot's reader says what is wrong with it.
      guard startsWithRecord(bytes[...]) else { return Contents(snapshot: bytes, damage: nil) }
      throw SessionSnapshot.DecodeError(
        "", "no record in it is whole: \(bad ?? "record 1") is cut short or damaged")
    }
    return Contents(snapshot: Array(bytes[last]), damage: damage)
  }

  private static let newline = UInt8(ascii: "\n")
  private static let space = UInt8(ascii: " ")
  private static let checksumLength = 8
  private static let hexDigits = Array("0123456789abcdef".utf8)

  private static func startsWithRecord(_ bytes: ArraySlice<UInt8>) -> Bool {
    bytes.count > checksumLength && bytes.prefix(checksumLength).allSatisfy(hexDigits.contains)
      && bytes[bytes.startIndex + checksumLength] == space
  }

  /// The range of the snapshot in the record at `line` (without its newline), if it is whole.
  private static func snapshot(in bytes: [UInt8], _ line: Range<Int>) -> Range<Int>? {
    guard line.count > checksumLength + 1, startsWithRecord(bytes[line]) else { return nil }
    var checksum: UInt32 = 0
    for digit in bytes[line.lowerBound..<line.lowerBound + checksumLength] {
      checksum = checksum << 4 | UInt32(hexDigits.firstIndex(of: digit) ?? 0)
    }
    let json = line.lowerBound + checksumLength + 1..<line.upperBound
    return CRC32.checksum(bytes[json]) == checksum ? json : nil
  }
}
