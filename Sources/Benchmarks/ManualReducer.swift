/// A feature's logic written by hand, without the library: a `switch` that mutates the state.
///
/// The baselines run the very state and action types the library benchmarks use, so the only
/// difference is the machinery around the mutation.
protocol ManualReducer {
  /// The state the logic mutates.
  associatedtype State
  /// The actions the logic switches over.
  associatedtype Action

  /// Applies `action` to `state`.
  static func apply(_ action: Action, to state: inout State)
}

extension Counter: ManualReducer {
  static func apply(_ action: Action, to state: inout State) {
    switch action {
    case .increment: state.count &+= 1
    }
  }
}
