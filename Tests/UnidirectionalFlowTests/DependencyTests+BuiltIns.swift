import Foundation
import Testing
import UnidirectionalFlow
import UnidirectionalFlowTesting

/// The built-in dependencies: UUIDs, dates, the clock and dismiss, controlled and live.
extension DependencyTests {
  @Test @MainActor func builtInDependenciesCanBeControlled() async {
    let clock = TestClock()
    let dismissals = Recorder<String>()
    let store = TestStore(initialState: Reader.State()) {
      Reader()
    } withDependencies: {
      $0.uuid = .incrementing
      $0.date = .constant(Date(timeIntervalSince1970: 1_234))
      $0.continuousClock = clock
      $0.dismiss = DismissEffect { dismissals.append("dismissed") }
    }
    await store.send(.uuid) { $0.readings = ["00000000-0000-0000-0000-000000000000"] }
    await store.send(.uuid) { $0.readings.append("00000000-0000-0000-0000-000000000001") }
    await store.send(.date) { $0.readings.append("1234.0 1234.0") }
    await store.send(.sleep)
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await store.receive(.reading("woke")) { $0.readings.append("woke") }
    await store.send(.dismiss)
    await store.finish()
    #expect(dismissals.entries == ["dismissed"])
  }

  @Test func incrementingUUIDsCountInHexadecimal() {
    let uuid = UUIDGenerator.incrementing
    let generated = (0..<17).map { _ in uuid().uuidString }
    #expect(generated[10] == "00000000-0000-0000-0000-00000000000A")
    #expect(generated[16] == "00000000-0000-0000-0000-000000000010")
    // Every `incrementing` generator starts over.
    #expect(UUIDGenerator.incrementing().uuidString == "00000000-0000-0000-0000-000000000000")
  }

  @Test func liveBuiltInsAreReal() {
    let live = DependencyValues(context: .live)
    #expect(live.continuousClock is ContinuousClock)
    #expect(live.uuid() != live.uuid())
    #expect(abs(live.date.now.timeIntervalSinceNow) < 60)
  }
}
