import Foundation
import Testing
import UnidirectionalFlow
import UnidirectionalFlowTesting

/// What reducers, their effects and stores read: the store's dependencies, a scope's, a
/// reducer-level override's, the test context's.
extension DependencyTests {
  @Test @MainActor func reducersAndTheirEffectsReadTheStoresDependencies() async {
    let store = Store(initialState: Reader.State()) {
      Reader()
    } withDependencies: {
      $0.greeter = Greeter { "store \($0)" }
    }
    store.send(.greet)
    await store.send(.greetInEffect).finish()
    #expect(store.state.readings == ["store Blob", "store effect"])
    // The store's dependencies do not leak out of it.
    #expect(DependencyValues.current.greeter.greet("a") == "Hello, a!")
  }

  @Test @MainActor func aStoreCreatedInAScopeKeepsItsDependencies() async {
    let store = withDependencies {
      $0.greeter = Greeter { "scoped \($0)" }
    } operation: {
      Store(initialState: Reader.State()) { Reader() }
    }
    store.send(.greet)
    await store.send(.greetInEffect).finish()
    #expect(store.state.readings == ["scoped Blob", "scoped effect"])
  }

  @Test @MainActor func aReducerLevelOverrideAppliesToThatReducerAndItsEffectsOnly() async {
    let store = TestStore(initialState: Pair.State()) {
      Pair()
    } withDependencies: {
      $0.greeter = Greeter { "store \($0)" }
    }
    await store.send(.overridden(.greet)) {
      $0.overridden.readings = ["overridden Blob"]
      $0.parentReadings = ["store parent"]
    }
    await store.send(.plain(.greet)) {
      $0.plain.readings = ["store Blob"]
      $0.parentReadings.append("store parent")
    }
    await store.send(.overridden(.greetInEffect)) { $0.parentReadings.append("store parent") }
    await store.receive(.overridden(.reading("overridden effect"))) {
      $0.overridden.readings.append("overridden effect")
      $0.parentReadings.append("store parent")
    }
    await store.send(.plain(.greetInEffect)) { $0.parentReadings.append("store parent") }
    await store.receive(.plain(.reading("store effect"))) {
      $0.plain.readings.append("store effect")
      $0.parentReadings.append("store parent")
    }
    await store.finish()
  }

  @Test @MainActor func testStoresResolveDependenciesInTheTestContext() async {
    let store = TestStore(initialState: Reader.State()) { Reader() }
    await store.send(.context) { $0.readings = ["test"] }
    await store.send(.greet) { $0.readings.append("test Blob") }
    await store.finish()
  }
}
