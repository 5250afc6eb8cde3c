import AppCore
import Foundation
import FrontEndHost
import Persistence

/// Reads the log `tictactoe replay LOG` replays: its start state and its lines, each checked
/// before anything is shown.
enum ReplayLog {
  /// Loads `path`; exits with ``ExitStatus/replayFailed`` and a message naming the line when
  /// the file cannot be read or a line is not one of a recording.
  static func load(
    _ path: String, report: (String) -> Void
  ) -> (start: TicTacToe.State, lines: [ReplayDriver.Line], name: String) {
    func fail(_ message: String) -> Never {
      report("tictactoe: \(message)")
      exit(ExitStatus.replayFailed)
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      fail("cannot read \(path): \(String(cString: strerror(errno)))")
    }
    var lines = Array(data).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
      .enumerated().map { (number: $0.offset + 1, bytes: Array($0.element)) }
    lines.removeAll { $0.bytes.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") } }
    guard let header = lines.first else { fail("\(path) is empty: it is not a recording") }
    let start: TicTacToe.State
    do {
      start = try ActionLog.decodeHeader(header.bytes)
    } catch {
      fail("\(path):\(header.number): \(error)")
    }
    var records: [ReplayDriver.Line] = []
    for line in lines.dropFirst() {
      do {
        records.append((line.number, try ActionLog.decode(line.bytes)))
      } catch {
        fail("\(path):\(line.number): \(error)")
      }
    }
    return (start, records, path)
  }
}
