import AppCore
import Foundation
import FrontEndHost
import Persistence

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

  /// Loads `path`; exits with ``ExitStatus/replayFailed`` and a message naming the line when
  /// the file cannot be read or a line is not one of a recording.
  static func load(
    _ path: String, report: (String) -> Void
  ) -> (start: TicTacToe.State, lines: [ReplayDriver.Line], name: String) {
    func fail(_ message: String) -> Never {
      report("tictactoe: \(message)")
      exit(ExitStatus.replayFailed)
    }
    let name = path == "-" ? "standard input" : path
    let contents: Data?
    if path == "-" {
      do { contents = try FileHandle.standardInput.readToEnd() ?? Data() } catch { contents = nil }
    } else {
      contents = FileManager.default.contents(atPath: path)
    }
    guard let data = contents else {
      fail("cannot read \(name): \(String(cString: strerror(errno)))")
    }
    var lines = Array(data).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
      .enumerated().map { (number: $0.offset + 1, bytes: Array($0.element)) }
    lines.removeAll { $0.bytes.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") } }
    guard let header = lines.first else { fail("\(name) is empty: it is not a recording") }
    let start: TicTacToe.State
    do {
      start = try ActionLog.decodeHeader(header.bytes)
    } catch {
      fail("\(name):\(header.number): \(error)")
    }
    var records: [ReplayDriver.Line] = []
    for line in lines.dropFirst() {
      do {
        records.append((line.number, try ActionLog.decode(line.bytes)))
      } catch {
        fail("\(name):\(line.number): \(error)")
      }
    }
    return (start, records, name)
  }
}
