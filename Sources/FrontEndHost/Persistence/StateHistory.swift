import RingBuffer
import TicTacToeAppCore
import TicTacToeFrontEndABI
import TicTacToeGameCore
import UnidirectionalFlow

/// The recent states of the game, each with its revision, for rewinding: JSON-lines'
/// `rewind` command and the terminal front ends' `:undo`.
///
/// Every change of state is a new revision, counted from 0 (the state the host started with);
/// a rewind is a change too, so history only grows forward and a rewind can itself be undone.
/// The last ``capacity`` states are kept: a few hundred bytes each, so well under a megabyte.
///
/// A game restored from a `--session` file brings the states before each of its moves
/// (``restoreGame(_:)``), so `:undo` reaches back past the restore; ``statesBeforeEachMove()``
/// is what a session saves of the history.
@MainActor
public final class StateHistory {
  /// How many states are kept: as many as the ABI says a rewind reaches.
  public static let capacity = Int(TTT_REWIND_REVISIONS)

  /// A state and its revision.
  struct Entry {
    let revision: UInt64
    let state: TicTacToe.State
  }

  /// The kept states, oldest first: once full, a new state takes the oldest one's slot, so a
  /// change costs the same whatever the history holds (no shifting of ``capacity`` entries).
  // No exclusivity check: every front end's state read reads the revision here.
  @exclusivity(unchecked) private var ring = Ring<Entry>(capacity: StateHistory.capacity)
  /// The states before each move of the game the host started with, oldest first, as its
  /// session file kept them: older than revision 0.
  private var restoredGame: [TicTacToe.State] = []
  /// Whose changes it keeps (it tells the history of each; held, so that it goes on doing so).
  private let bridge: StoreBridge
  /// Told of a new revision while ``notifiesChanges``: the session keeper's look at a change.
  var onChange: (() -> Void)?
  /// Whether the next new revision calls ``onChange``. Its owner turns this off while another
  /// call would change nothing (the session keeper, once the change is marked and its turn is
  /// scheduled), so that a burst of changes calls it once, not once per action: a closure call
  /// through an unowned reference, about a hundred instructions per action with `--session`.
  var notifiesChanges = true

  init(bridge: StoreBridge) {
    self.bridge = bridge
    ring.append(Entry(revision: 0, state: bridge.store.state))
    bridge.observeStateChanges { [weak self] state in self?.append(state) }
  }

  /// The revision of the current state.
  var revision: UInt64 { ring[ring.count - 1].revision }

  /// The revision of the oldest state kept.
  var oldestRevision: UInt64 { ring[0].revision }

  /// The kept state `back` changes before the current one (0 is the current one).
  private func entry(back: Int) -> Entry { ring[ring.count - 1 - back] }

  /// The state at `revision`, or why it is not kept.
  func target(revision: UInt64) -> Result<TicTacToe.State, HostCallError> {
    guard revision >= oldestRevision, revision <= self.revision else {
      return .failure(
        .unknown(
          "revision \(revision) is not in the history (it keeps the last \(Self.capacity) "
            + "states: \(oldestRevision) to \(self.revision))"))
    }
    return .success(entry(back: Int(self.revision - revision)).state)
  }

  /// The state before the last move of the game on screen, or why there is none: the latest
  /// kept state of the same game with one mark fewer, all of them where they are now. So
  /// undoing again goes one move further back, not forward to the move just undone.
  func beforeLastMove() -> Result<TicTacToe.State, HostCallError> {
    guard let board = Self.board(of: entry(back: 0).state) else {
      return .failure(.inactive("no game is being played, so there is no move to undo"))
    }
    guard let state = statesBeforeEachMove(limit: 1).last else {
      // Marks on the board with no state before them: the history begins after they were made.
      return .failure(
        .inactive(
          board.allSatisfy { $0 == nil }
            ? "no move of this game is left to undo"
            : "no earlier move of this game is kept: the history starts at the restore "
              + "(or \(Self.capacity) changes back)"))
    }
    return .success(state)
  }

  /// Seeds the history of the game the host starts with: `states`, the states before each of
  /// its moves, oldest first, as a session file kept them. Those that do not lead to the
  /// current board, one move at a time, are never used.
  func restoreGame(_ states: [TicTacToe.State]) {
    restoredGame = states
  }

  /// The kept states before each move of the game on screen, oldest first (at most `limit`,
  /// the latest ones): the states `:undo` goes back to, one after the other.
  func statesBeforeEachMove(limit: Int = .max) -> [TicTacToe.State] {
    guard var board = Self.board(of: entry(back: 0).state) else { return [] }
    var found: [TicTacToe.State] = []
    // The restored game is older than revision 0: reached only while revision 0 is kept.
    let restored = oldestRevision == 0 ? restoredGame.count : 0
    for back in 1..<(ring.count + restored) {
      guard found.count < limit, board.contains(where: { $0 != nil }) else { break }
      let state =
        back < ring.count
        ? entry(back: back).state : restoredGame[restoredGame.count - 1 - (back - ring.count)]
      // A state with no game on screen is before this game began.
      guard let earlier = Self.board(of: state) else { break }
      let isOneMoveBefore =
        earlier.count { $0 != nil } == board.count { $0 != nil } - 1
        && zip(earlier, board).allSatisfy { $0 == nil || $0 == $1 }
      if isOneMoveBefore {
        found.append(state)
        board = earlier
      }
    }
    return found.reversed()
  }

  private func append(_ state: TicTacToe.State) {
    ring.append(Entry(revision: revision + 1, state: state))
    if notifiesChanges { onChange?() }
  }

  /// The board of the game on screen, as one comparable value.
  private static func board(of state: TicTacToe.State) -> [Player?]? {
    guard case .newGame(let newGame) = state, let game = newGame.game else { return nil }
    return game.board.flatMap { $0 }
  }
}
