import Foundation
import Testing
import UnidirectionalFlow
import UnidirectionalFlowTesting

private struct Greeter: Sendable {
  var greet: @Sendable (String) -> String
}

/// A key with a value for each context.
private enum GreeterKey: DependencyKey {
  static let liveValue = Greeter { "Hello, \($0)!" }
  static let testValue = Greeter { "test \($0)" }
  static let previewValue = Greeter { "preview \($0)" }
}

/// A key with only a live value: tests get it with a reported issue, previews get it plainly.
private enum LiveOnlyKey: DependencyKey {
  typealias Value = Int
  static let liveValue = 42
}

/// A key without a live value, as an interface module declares it.
private enum TestOnlyKey: TestDependencyKey {
  static let testValue = "test-only"
}

extension DependencyValues {
  fileprivate var greeter: Greeter {
    get { self[GreeterKey.self] }
    set { self[GreeterKey.self] = newValue }
  }
  fileprivate var liveOnly: Int {
    get { self[LiveOnlyKey.self] }
    set { self[LiveOnlyKey.self] = newValue }
  }
  fileprivate var testOnly: String {
    get { self[TestOnlyKey.self] }
    set { self[TestOnlyKey.self] = newValue }
  }
}

/// Reads one dependency per action and writes what it read into the state.
private struct Reader: Reducer {
  struct State: Equatable {
    var readings: [String] = []
  }
  enum Action: Equatable, Sendable {
    case greet
    case greetInEffect
    case liveOnly
    case testOnly
    case uuid
    case date
    case sleep
    case dismiss
    case context
    case reading(String)
  }

  @Dependency(\.greeter) var greeter
  @Dependency(\.liveOnly) var liveOnly
  @Dependency(\.testOnly) var testOnly
  @Dependency(\.uuid) var uuid
  @Dependency(\.date) var date
  @Dependency(\.continuousClock) var clock
  @Dependency(\.dismiss) var dismiss

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .greet:
      state.readings.append(greeter.greet("Blob"))
    case .greetInEffect:
      return .run { send in await send(.reading(greeter.greet("effect"))) }
    case .liveOnly:
      state.readings.append("\(liveOnly)")
    case .testOnly:
      state.readings.append(testOnly)
    case .uuid:
      state.readings.append(uuid().uuidString)
    case .date:
      state.readings.append("\(date.now.timeIntervalSince1970) \(date().timeIntervalSince1970)")
    case .sleep:
      return .run { send in
        try await clock.sleep(for: .seconds(1))
        await send(.reading("woke"))
      }
    case .dismiss:
      return .run { _ in await dismiss() }
    case .context:
      state.readings.append("\(DependencyValues.current.context)")
    case .reading(let reading):
      state.readings.append(reading)
    }
    return .none
  }
}

/// Two readers, one with an overridden greeter, and a parent that reads it too.
private struct Pair: Reducer {
  struct State: Equatable {
    var overridden = Reader.State()
    var plain = Reader.State()
    var parentReadings: [String] = []
  }
  enum Action: Equatable, Sendable, CasePathable {
    case overridden(Reader.Action)
    case plain(Reader.Action)

    struct AllCasePaths: Sendable {
      var overridden: AnyCasePath<Action, Reader.Action> {
        AnyCasePath(embed: Action.overridden) { if case .overridden(let a) = $0 { a } else { nil } }
      }
      var plain: AnyCasePath<Action, Reader.Action> {
        AnyCasePath(embed: Action.plain) { if case .plain(let a) = $0 { a } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  @Dependency(\.greeter) var greeter

  var body: some Reducer<State, Action> {
    Scope(state: \.overridden, action: \.overridden) {
      Reader()
        .dependency(\.greeter, Greeter { "overridden \($0)" })
    }
    Scope(state: \.plain, action: \.plain) { Reader() }
    Reduce { state, _ in
      state.parentReadings.append(greeter.greet("parent"))
      return .none
    }
  }
}

@Suite struct DependencyTests {
  @Test func aKeyResolvesToTheValueOfTheContext() {
    #expect(DependencyValues(context: .live).greeter.greet("Blob") == "Hello, Blob!")
    #expect(DependencyValues(context: .test).greeter.greet("Blob") == "test Blob")
    #expect(DependencyValues(context: .preview).greeter.greet("Blob") == "preview Blob")
    #expect(DependencyValues().context == .live)
  }

  @Test func anOverrideWinsInEveryContext() {
    for context in [DependencyContext.live, .test, .preview] {
      var values = DependencyValues(context: context)
      values.greeter = Greeter { "custom \($0)" }
      values.liveOnly = 7
      #expect(values.greeter.greet("Blob") == "custom Blob")
      #expect(values.liveOnly == 7)
    }
  }

  @Test func previewValuesDefaultToTheLiveValueOrElseTheTestValue() {
    #expect(DependencyValues(context: .preview).liveOnly == 42)
    #expect(DependencyValues(context: .preview).testOnly == "test-only")
    #expect(DependencyValues(context: .test).testOnly == "test-only")
  }

  @Test func synchronousScopesNestAndRestore() {
    #expect(DependencyValues.current.greeter.greet("a") == "Hello, a!")
    let result = withDependencies {
      $0.greeter = Greeter { "outer \($0)" }
    } operation: {
      #expect(DependencyValues.current.greeter.greet("a") == "outer a")
      withDependencies {
        $0.liveOnly = 1
      } operation: {
        #expect(DependencyValues.current.greeter.greet("a") == "outer a")
        #expect(DependencyValues.current.liveOnly == 1)
      }
      #expect(DependencyValues.current.liveOnly == 42)
      #expect(DependencyValues.current.greeter.greet("a") == "outer a")
      return "result"
    }
    #expect(result == "result")
    #expect(DependencyValues.current.greeter.greet("a") == "Hello, a!")
  }

  @Test func asynchronousScopesNestRestoreAndReachTasksCreatedInside() async {
    await withDependencies {
      $0.greeter = Greeter { "outer \($0)" }
    } operation: {
      await Task.yield()
      #expect(DependencyValues.current.greeter.greet("a") == "outer a")
      let fromTask = await Task { DependencyValues.current.greeter.greet("task") }.value
      #expect(fromTask == "outer task")
      await withDependencies {
        $0.liveOnly = 2
      } operation: {
        await Task.yield()
        #expect(DependencyValues.current.liveOnly == 2)
        #expect(DependencyValues.current.greeter.greet("a") == "outer a")
        withDependencies {
          $0.liveOnly = 3
        } operation: {
          #expect(DependencyValues.current.liveOnly == 3)
        }
        #expect(DependencyValues.current.liveOnly == 2)
      }
      #expect(DependencyValues.current.liveOnly == 42)
    }
    #expect(DependencyValues.current.greeter.greet("a") == "Hello, a!")
  }

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

  @Test @MainActor func testStoresResolveDependenciesInTheTestContext() async {
    let store = TestStore(initialState: Reader.State()) { Reader() }
    await store.send(.context) { $0.readings = ["test"] }
    await store.send(.greet) { $0.readings.append("test Blob") }
    await store.finish()
  }

  @Test @MainActor func unmockedBuiltInsReportAFailureNamingThem() async {
    let store = TestStore(initialState: Reader.State()) { Reader() }
    await withKnownIssue {
      await store.send(.uuid) { $0.readings = ["00000000-0000-0000-0000-000000000000"] }
    } matching: { issue in
      issue.hasComment("Unimplemented: @Dependency(\\.uuid) was used in a test.")
    }
    await withKnownIssue {
      await store.send(.date) { $0.readings.append("0.0 0.0") }
    } matching: { issue in
      issue.hasComment("Unimplemented: @Dependency(\\.date) was used in a test.")
    }
    await withKnownIssue {
      await store.send(.sleep)
      await store.receive(.reading("woke")) { $0.readings.append("woke") }
    } matching: { issue in
      // `sleep(for:)` reads `now`, then sleeps: both are reported.
      issue.hasComment("Unimplemented: @Dependency(\\.continuousClock).now was read in a test.")
        || issue.hasComment(
          "Unimplemented: @Dependency(\\.continuousClock) was asked to sleep in a test.")
    }
    await store.finish()
  }

  @Test @MainActor func anUnmockedCustomKeyReportsAFailureNamingIt() async {
    let store = TestStore(initialState: Reader.State()) { Reader() }
    await withKnownIssue {
      await store.send(.liveOnly) { $0.readings = ["42"] }
    } matching: { issue in
      issue.hasComment(containing: "LiveOnlyKey")
        && issue.hasComment(
          containing: "was used in a test without being overridden; its live value was used.")
    }
    await store.finish()
  }

  @Test @MainActor func aKeyWithoutALiveValueReportsWhenUsedLive() async {
    let store = TestStore(initialState: Reader.State()) {
      Reader()
    } withDependencies: {
      $0.context = .live
    }
    await withKnownIssue {
      await store.send(.testOnly) { $0.readings = ["test-only"] }
    } matching: { issue in
      issue.hasComment(
        containing: "TestOnlyKey", "has no live value; its test value was used.")
    }
    await store.finish()
  }

  @Test @MainActor func dismissOutsideAPresentedFeatureIsReported() async {
    let store = TestStore(initialState: Reader.State()) { Reader() }
    await withKnownIssue {
      await store.send(.dismiss)
      await store.finish()
    } matching: { issue in
      issue.hasComment(
        containing: "`dismiss()` was called from UnidirectionalFlowTests/DependencyTests.swift:",
        "outside an effect of a presented feature, so there is nothing to dismiss.")
    }
  }
}
