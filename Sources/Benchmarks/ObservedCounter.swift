import UnidirectionalFlow
import UnidirectionalFlowMacros

/// ``Counter`` with an `@ObservableState` state, for the observation benchmarks.
struct ObservedCounter: Reducer {
  /// The counter's state, tracked field by field.
  @ObservableState
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
