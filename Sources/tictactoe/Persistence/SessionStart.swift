import FrontEndHost
import Persistence
import TicTacToeAppCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Opens the `--session` file at start: the file, locked for this process, the state to start
/// from, and the states before each move of its game (for `:undo`).
enum SessionStart {
  /// The state in `path` (its last whole save, see `SessionLog`), or a fresh one when there is
  /// no file yet or it is not a session this build can restore (that file is moved aside, with
  /// a message; a damaged one is kept there too, and its last whole save restored). Exits with
  /// ``ExitStatus/sessionUnusable`` when the file cannot be used at all.
  static func open(
    _ path: String, report: (String) -> Void
  ) -> (file: SessionFile, state: TicTacToe.State, undo: [TicTacToe.State]) {
    do {
      let file = try SessionFile.open(path)
      func moveAside(_ problem: String) throws(SessionFile.Failure) -> TicTacToe.State {
        let aside = try file.quarantine()
        report(
          "tictactoe: \(path) is not a session this tictactoe can restore: \(problem); it is "
            + "kept as \(aside), and a new game starts")
        return TicTacToe.State()
      }
      let read: [UInt8]?
      do {
        read = try file.read()
      } catch  where error.canMoveAside {
        return (file, try moveAside(error.description), [])
      }
      guard var bytes = read else { return (file, TicTacToe.State(), []) }
      // An editor's UTF-8 byte order mark is no reason to lose a game.
      if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
      do {
        let contents = try SessionLog.contents(of: bytes)
        let (state, undo) = try SessionSnapshot.decodeWithUndo(contents.snapshot)
        if let damage = contents.damage {
          // Its last whole save is good: play on from it, and keep the file as it was. The file
          // stays until the first save replaces it: a crash before then restarts from it.
          let aside = try file.keepCopy()
          report(
            "tictactoe: \(path) is damaged: \(damage) is not a whole record; it is kept "
              + "as \(aside), and the game goes on from its last whole save")
        }
        return (file, state, undo)
      } catch {
        return (file, try moveAside("\(error)"), [])
      }
    } catch {
      report("tictactoe: \(error)")
      exit(ExitStatus.sessionUnusable)
    }
  }
}
