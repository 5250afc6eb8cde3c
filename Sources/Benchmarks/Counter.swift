import UnidirectionalFlow

/// The small feature of the root-store benchmarks, and the leaf of the nested tree: a counter
/// whose only action returns no effect.
struct Counter: Reducer {
  /// The counter's state.
  struct State {
    /// How many times the counter was incremented.
    var count = 0
  }

  /// The counter's actions.
  enum Action: Sendable {
    /// Adds one to the count.
    case increment
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .increment:
        state.count &+= 1
        return .none
      }
    }
  }
}
