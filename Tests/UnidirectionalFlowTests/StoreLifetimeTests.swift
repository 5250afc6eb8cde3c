import Testing
import UnidirectionalFlow

/// A store that is no longer held frees its state.
@MainActor
struct StoreLifetimeTests {
  private final class Token: Sendable {}

  private struct Holder: Reducer {
    struct State { let token: Token }
    enum Action: Sendable { case tap }
    func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
  }

  @Test func aReleasedStoreFreesItsState() {
    weak var token: Token?
    do {
      let held = Token()
      token = held
      let store = Store(initialState: Holder.State(token: held)) { Holder() }
      store.send(.tap)
    }
    #expect(token == nil, "the store's state outlived the store")
  }
}
