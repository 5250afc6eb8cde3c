import Foundation
import UnidirectionalFlow

/// A dependency the tests of `DependencyTests` override and read.
struct Greeter: Sendable {
  var greet: @Sendable (String) -> String
}

/// A key with a value for each context.
enum GreeterKey: DependencyKey {
  static let liveValue = Greeter { "Hello, \($0)!" }
  static let testValue = Greeter { "test \($0)" }
  static let previewValue = Greeter { "preview \($0)" }
}

/// A key with only a live value: tests get it with a reported issue, previews get it plainly.
enum LiveOnlyKey: DependencyKey {
  typealias Value = Int
  static let liveValue = 42
}

/// A key without a live value, as an interface module declares it.
enum TestOnlyKey: TestDependencyKey {
  static let testValue = "test-only"
}

extension DependencyValues {
  var greeter: Greeter {
    get { self[GreeterKey.self] }
    set { self[GreeterKey.self] = newValue }
  }
  var liveOnly: Int {
    get { self[LiveOnlyKey.self] }
    set { self[LiveOnlyKey.self] = newValue }
  }
  var testOnly: String {
    get { self[TestOnlyKey.self] }
    set { self[TestOnlyKey.self] = newValue }
  }
}

/// Reads one dependency per action and writes what it read into the state.
struct Reader: Reducer {
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
struct Pair: Reducer {
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
