import TicTacToeAppCore
import UnidirectionalFlow

/// The app's reducer, built once the first screen is out instead of before it: the first
/// screen needs only the state, and building the reducer tree (its body, and the Swift
/// metadata of its generic types, made from mangled names) was a fifth of the host's start-up.
///
/// `main.swift` calls ``build()`` in a store-thread job queued behind the first screen's
/// output, before any input is read (a replay, which sends at once, builds first). The
/// reducer's features read their dependencies when they reduce, inside the store's, so
/// building it there changes nothing they see. Built outside a reduction, its bodies are
/// evaluated once, as the library checks. After that it costs one closure call per action.
///
/// `@unchecked Sendable`: it is built and run on the store thread only; the job that builds it
/// is the one thing that carries it there.
struct DeferredAppReducer: Reducer, @unchecked Sendable {
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

  /// A reducer that runs `make()`, built by ``build()`` (or by the first action, at the
  /// latest).
  init<R: Reducer>(_ make: @escaping () -> R) where R.State == State, R.Action == Action {
    built = Built {
      let reducer = make()
      return { reducer.reduce(into: &$0, action: $1) }
    }
  }

  /// Builds the reducer, unless it is built already.
  func build() {
    if built.reduce == nil { built.reduce = built.make() }
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    if let reduce = built.reduce { return reduce(&state, action) }
    build()
    return built.reduce!(&state, action)
  }
}
