import TicTacToeAppCore
import UnidirectionalFlow

/// The app's reducer, built at the store's first action instead of at start: the first screen
/// needs only the state, and building the reducer tree (its body, and the Swift metadata of
/// its generic types, made from mangled names) is a fifth of the host's start-up.
///
/// The store builds its reducer inside its dependencies, and runs every action inside them
/// too, so the reducer built here sees the same dependencies it would have seen at start.
/// After the first action it costs one closure call per action.
struct DeferredAppReducer: Reducer {
  typealias State = TicTacToe.State
  typealias Action = TicTacToe.Action

  /// The built reducer's `reduce`, once built; shared by the copies the store keeps.
  private final class Built {
    let make: () -> (inout State, Action) -> Effect<Action>
    var reduce: ((inout State, Action) -> Effect<Action>)?

    init(make: @escaping () -> (inout State, Action) -> Effect<Action>) {
      self.make = make
    }
  }

  private let built: Built

  /// A reducer that builds `make()` at its first action and runs it from then on.
  init<R: Reducer>(_ make: @escaping () -> R) where R.State == State, R.Action == Action {
    built = Built {
      let reducer = make()
      return { reducer.reduce(into: &$0, action: $1) }
    }
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    if let reduce = built.reduce { return reduce(&state, action) }
    let reduce = built.make()
    built.reduce = reduce
    return reduce(&state, action)
  }
}
