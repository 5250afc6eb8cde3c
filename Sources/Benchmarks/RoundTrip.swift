import UnidirectionalFlow

/// The feature of the effect benchmark: `start` runs an effect that sends `response` back.
struct RoundTrip: Reducer {
  /// How many responses came back.
  struct State {
    /// The number of `response` actions processed.
    var responses = 0
  }

  /// The round trip's actions.
  enum Action: Sendable {
    /// Starts an effect that sends `response`.
    case start
    /// What the effect sends back.
    case response
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .start:
        return .run { send in await send(.response) }
      case .response:
        state.responses &+= 1
        return .none
      }
    }
  }
}
