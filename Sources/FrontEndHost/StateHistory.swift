import AppCore
import GameCore
import RingBuffer
import UnidirectionalFlow

/// The recent states of the game, each with its revision, for rewinding: JSON-lines'
/// `rewind` command and the terminal front ends' `:undo`.
///
/// Every change of state is a new revision, counted from 0 (the state the host started with);
/// a rewind is a change too, so history only grows forward and a rewind can itself be undone.
/// The last ``capacity`` states are kept: a few hundred bytes each, so well under a megabyte.
@MainActor
public final class StateHistory {
  /// How many states are kept.
  public static let capacity = 1000

  /// A state and its revision.
  struct Entry {
    let revision: UInt64
    let state: TicTacToe.State
  }

  /// The kept states, oldest first: once full, a new state takes the oldest one's slot, so a
  /// change costs the same whatever the history holds (no shifting of 1000 entries).
  private var ring = Ring<Entry>(capacity: StateHistory.capacity)
  private var subscription: StoreSubscription?

  init(store: Store<TicTacToe.State, TicTacToe.Action>) {
    ring.append(Entry(revision: 0, state: store.state))
    subscription = store.subscribe { [unowned self] state in append(state) }
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
    let marks = board.count { $0 != nil }
    for back in 1..<ring.count {
      guard let earlier = Self.board(of: entry(back: back).state) else { break }
      let isOneMoveBefore =
        earlier.count { $0 != nil } == marks - 1
        && zip(earlier, board).allSatisfy { $0 == nil || $0 == $1 }
      if isOneMoveBefore { return .success(entry(back: back).state) }
    }
    return .failure(.inactive("no move of this game is left to undo"))
  }

  private func append(_ state: TicTacToe.State) {
    ring.append(Entry(revision: revision + 1, state: state))
  }

  /// The board of the game on screen, as one comparable value.
  private static func board(of state: TicTacToe.State) -> [Player?]? {
    guard case .newGame(let newGame) = state, let game = newGame.game else { return nil }
    return game.board.flatMap { $0 }
  }
}
