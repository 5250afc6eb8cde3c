import Testing
import UnidirectionalFlow
import UnidirectionalFlowMacros

/// A feature whose user actions are its view actions.
@Reducer
private struct Counter {
  struct State: Equatable {
    var count = 0
    var log: [String] = []
  }
  enum Action: ViewAction {
    case view(View)
    case reset

    enum View {
      case incrementButtonTapped
      case decrementButtonTapped
    }
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .view(.incrementButtonTapped):
        state.count += 1
        state.log.append("view.increment")
      case .view(.decrementButtonTapped):
        state.count -= 1
        state.log.append("view.decrement")
      case .reset:
        state.count = 0
      }
      return .none
    }
  }
}

/// What a front end writes: a type that holds the store and sends view actions by name.
@ViewAction(for: Counter.self)
private struct CounterScreen {
  let store: StoreOf<Counter>

  @MainActor func tapPlusTwiceAndMinusOnce() {
    send(.incrementButtonTapped)
    send(.incrementButtonTapped)
    send(.decrementButtonTapped)
  }
}

@MainActor
struct ViewActionTests {
  @Test func sendWrapsTheActionInTheViewCase() {
    let screen = CounterScreen(store: Store(initialState: Counter.State()) { Counter() })
    screen.tapPlusTwiceAndMinusOnce()
    #expect(screen.store.count == 1)
    #expect(screen.store.log == ["view.increment", "view.increment", "view.decrement"])
    screen.store.send(.reset)
    #expect(screen.store.count == 0)
  }
}
