import TicTacToeAppCore
import UnidirectionalFlow

extension StoreBridge {
  /// Puts the store's whole state back to `state` (`Store.rewind(to:)`), for an undo, a rewind,
  /// a replay's rewind step, or a remote host's state. Every kept screen export is dropped
  /// first: the state put back may be an earlier copy of the very states exported, which runs
  /// no setter, so the exports would not see it (see ``ExportCache``). Every path that puts the
  /// state back goes through here.
  ///
  /// - Parameter state: The whole state to put back.
  func rewind(to state: TicTacToe.State) {
    exports.dropAll()
    store.rewind(to: state)
  }
}
