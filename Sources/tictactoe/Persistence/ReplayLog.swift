import FoundationEssentials
import FrontEndHost
import Persistence
import TicTacToeAppCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Reads the log `tictactoe replay LOG` replays: its start state and its lines, each checked
/// before anything is shown.
enum ReplayLog {
  /// Whether the log at `path` is this process's standard input: `-`, or a name of the same
  /// file (`/dev/stdin`, or the file redirected into it). Its lines are the log's, so they are
  /// not given to the front ends again after the replay.
  static func isStandardInput(_ path: String) -> Bool {
    guard path != "-" else { return true }
    var named = stat()
    var input = stat()
    guard stat(path, &named) == 0, fstat(0, &input) == 0 else { return false }
    return named.st_dev == input.st_dev && named.st_ino == input.st_ino
  }

  /// Checks the log at `path` line by line, and returns its start state and its lines, which
  /// are read again as they are replayed (so a log of any length replays in the memory of one
  /// line); exits with ``ExitStatus/replayFailed`` and a message naming the line when the file
  /// cannot be read or a line is not one of a recording.
  ///
  /// Two passes: the first checks every line and counts them (the replay's length, which
  /// front ends show as "step N of M"), the second reads them as they are replayed. Standard
  /// input that cannot be rewound (a pipe) is copied to an unlinked temporary file during the
  /// first pass, and the second reads that.
  static func load(
    _ path: String, report: (String) -> Void
  ) -> (start: TicTacToe.State, lines: ReplayLines, name: String) {
    func fail(_ message: String) -> Never {
      report("tictactoe: \(message)")
      exit(ExitStatus.replayFailed)
    }
    let name = path == "-" ? "standard input" : path
    let descriptor = path == "-" ? 0 : open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      fail("cannot read \(name): \(String(cString: strerror(errno)))")
    }
    let origin = lseek(descriptor, 0, SEEK_CUR)
    let copy = origin < 0 ? temporaryFile() : nil
    if origin < 0, copy == nil {
      fail("cannot keep \(name) to read it twice: \(String(cString: strerror(errno)))")
    }
    var checker = LogLineReader(descriptor: descriptor, copyingTo: copy)
    func nextLine() -> (number: Int, bytes: [UInt8])? {
      do {
        return try checker.next()
      } catch {
        fail("cannot read \(name): \(error.reason)")
      }
    }
    guard let header = nextLine() else { fail("\(name) is empty: it is not a recording") }
    let start: TicTacToe.State
    do {
      start = try ActionLog.decodeHeader(header.bytes)
    } catch {
      fail("\(name):\(header.number): \(error)")
    }
    var count = 0
    while let line = nextLine() {
      do {
        _ = try ActionLog.decode(line.bytes)
      } catch {
        fail("\(name):\(line.number): \(error)")
      }
      count += 1
    }
    let second = copy ?? descriptor
    guard lseek(second, copy == nil ? origin : 0, SEEK_SET) >= 0 else {
      fail("cannot read \(name) again: \(String(cString: strerror(errno)))")
    }
    var reader = LogLineReader(descriptor: second)
    _ = try? reader.next()  // The header, checked above.
    let lines = ReplayLines(count: count) { () throws(ReplayLines.Failure) in
      let line: (number: Int, bytes: [UInt8])?
      do throws(LogLineReader.ReadError) {
        line = try reader.next()
      } catch {
        throw ReplayLines.Failure(
          line: reader.lineNumber + 1, message: "cannot read \(name): \(error.reason)")
      }
      guard let line else { return nil }
      do {
        return (line.number, try ActionLog.decode(line.bytes))
      } catch {
        throw ReplayLines.Failure(line: line.number, message: "\(error)")
      }
    }
    return (start, lines, name)
  }

  /// A new temporary file, already unlinked, open for reading and writing; `nil` on failure.
  private static func temporaryFile() -> Int32? {
    let directory = ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp"
    var template = Array("\(directory)/tictactoe-replay-XXXXXX".utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer {
      mkstemp($0.baseAddress!)
    }
    guard descriptor >= 0 else { return nil }
    template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    return descriptor
  }
}
