import Synchronization
import Testing
import UnidirectionalFlow
import UnidirectionalFlowMacros
import UnidirectionalFlowTesting

/// A client of every kind of endpoint: throwing, with a default, returning nothing.
@DependencyClient
struct NumbersClient: Sendable {
  var fetch: @Sendable (_ id: Int) async throws -> String
  var count: @Sendable () -> Int = { 7 }
  var log: @Sendable (_ message: String) -> Void
}

extension NumbersClient: TestDependencyKey {
  static let testValue = Self()
}

extension DependencyValues {
  fileprivate var numbers: NumbersClient {
    get { self[NumbersClient.self] }
    set { self[NumbersClient.self] = newValue }
  }
}

/// Fetches a number's name through the client, and tells a failure apart.
@Reducer
private struct Lookup {
  struct State: Equatable {
    var name = ""
    var count = 0
  }
  enum Action: Equatable {
    case fetchTapped(Int)
    case countTapped
    case fetched(String)
    case failed(String)
  }

  @Dependency(\.numbers) var numbers

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .fetchTapped(let id):
        return .run { [numbers] send in
          do {
            await send(.fetched(try await numbers.fetch(id: id)))
          } catch {
            await send(.failed("\(error)"))
          }
        }
      case .countTapped:
        numbers.log(message: "counting")
        state.count = numbers.count()
        return .none
      case .fetched(let name):
        state.name = name
        return .none
      case .failed(let reason):
        state.name = reason
        return .none
      }
    }
  }
}

extension Issue {
  /// Whether this issue says that the endpoint `name` of `NumbersClient` was called unmocked.
  fileprivate func isUnimplemented(_ name: String) -> Bool {
    comments.contains { $0.rawValue == "Unimplemented: NumbersClient.\(name) was called." }
  }
}

@MainActor
struct DependencyClientTests {
  @Test func anUnimplementedThrowingEndpointFailsTheTestNamingItAndThrows() async {
    let store = TestStore(initialState: Lookup.State()) { Lookup() }
    await withKnownIssue {
      await store.send(.fetchTapped(1))
      await store.receive(.failed("Unimplemented: NumbersClient.fetch was called")) {
        $0.name = "Unimplemented: NumbersClient.fetch was called"
      }
    } matching: { issue in
      issue.isUnimplemented("fetch")
    }
    await store.finish()
  }

  @Test func unimplementedEndpointsThatDoNotThrowReportAndReturnTheirDefault() async {
    let store = TestStore(initialState: Lookup.State()) { Lookup() }
    let reported = LockedStrings()
    await withKnownIssue {
      await store.send(.countTapped) { $0.count = 7 }
    } matching: { issue in
      guard let name = ["log", "count"].first(where: { issue.isUnimplemented($0) }) else {
        return false
      }
      reported.append(name)
      return true
    }
    #expect(reported.values == ["log", "count"])
  }

  @Test func endpointsGivenAreCalledWithoutReportsByLabelOrByPosition() async throws {
    let logged = LockedStrings()
    let client = NumbersClient(
      fetch: { id in "number \(id)" }, count: { 3 }, log: { logged.append($0) })
    #expect(try await client.fetch(id: 2) == "number 2")
    #expect(try await client.fetch(4) == "number 4")
    #expect(client.count() == 3)
    client.log(message: "hello")
    #expect(logged.values == ["hello"])

    let store = TestStore(initialState: Lookup.State()) {
      Lookup()
    } withDependencies: {
      $0.numbers.fetch = { "#\($0)" }
    }
    await store.send(.fetchTapped(5))
    await store.receive(.fetched("#5")) { $0.name = "#5" }
    await store.finish()
  }

  @Test func theErrorNamesTheEndpoint() {
    let error = UnimplementedEndpoint(name: "NumbersClient.fetch")
    #expect("\(error)" == "Unimplemented: NumbersClient.fetch was called")
  }
}

/// Strings appended from a `@Sendable` closure.
private final class LockedStrings: Sendable {
  private let storage = Mutex<[String]>([])

  func append(_ value: String) { storage.withLock { $0.append(value) } }

  var values: [String] { storage.withLock { $0 } }
}
