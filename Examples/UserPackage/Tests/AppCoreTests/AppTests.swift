import AppCore
import GameCore
import Testing
import UnidirectionalFlowTesting

@MainActor
struct AppTests {
  @Test func aMoveIsCountedInTheAppsGame() async {
    let store = TestStore(initialState: App.State()) { App() }
    await store.send(\.game.moved) { $0.game.moves = 1 }
  }
}
