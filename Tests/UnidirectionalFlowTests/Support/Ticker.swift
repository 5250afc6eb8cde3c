import UnidirectionalFlow

/// A child feature that ticks every second once started, until its effect is cancelled.
///
/// The navigation tests (`ifLet`, `forEach`, `ifCaseLet`) embed it to see that a child runs
/// before its parent, and that its never-ending timer stops when the child goes away.
struct Ticker: Reducer {
  struct State: Equatable, Identifiable {
    /// Tells tickers apart in a list; left at `0` where there is only one.
    var id = 0
    var ticks = 0
  }
  enum Action: Equatable, Sendable {
    case start
    case tick
  }

  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .send(.tick, everySecondOn: clock)
    case .tick:
      state.ticks += 1
      return .none
    }
  }
}
