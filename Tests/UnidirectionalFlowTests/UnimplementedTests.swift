import Synchronization
import Testing
import UnidirectionalFlow
import UnidirectionalFlowTesting

/// A client written by hand, as upstream's users write one without `@DependencyClient`: its
/// `testValue` is made of `unimplemented` closures of every kind.
private struct WeatherClient: Sendable {
  var forecast: @Sendable (_ city: String, _ days: Int) async throws -> String
  var temperature: @Sendable (_ city: String) -> Int
  var log: @Sendable (_ message: String) -> Void
  var isOnline: @Sendable () async -> Bool
  var validate: @Sendable (_ city: String) throws(CityError) -> String
  var refresh: @Sendable () async throws -> Void
}

private struct CityError: Error, Equatable {
  var reason: String
}

private enum WeatherClientKey: TestDependencyKey {
  static let testValue = WeatherClient(
    forecast: unimplemented("WeatherClient.forecast"),
    temperature: unimplemented("WeatherClient.temperature", placeholder: -273),
    log: unimplemented("WeatherClient.log"),
    isOnline: unimplemented("WeatherClient.isOnline", placeholder: false),
    validate: unimplemented("WeatherClient.validate", throwing: CityError(reason: "unknown")),
    refresh: unimplemented())
}

extension DependencyValues {
  fileprivate var weather: WeatherClient {
    get { self[WeatherClientKey.self] }
    set { self[WeatherClientKey.self] = newValue }
  }
}

/// Calls one endpoint per action and writes what came back into the state.
private struct Weather: Reducer {
  struct State: Equatable { var lines: [String] = [] }
  enum Action: Equatable {
    case forecastTapped
    case temperatureTapped
    case onlineTapped
    case validateTapped
    case refreshTapped
    case line(String)
  }

  @Dependency(\.weather) var weather

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .forecastTapped:
      return .run { [weather] send in
        do {
          await send(.line(try await weather.forecast("Paris", 3)))
        } catch {
          await send(.line("\(error)"))
        }
      }
    case .temperatureTapped:
      weather.log("reading the temperature")
      state.lines.append("\(weather.temperature("Paris"))")
      return .none
    case .onlineTapped:
      return .run { [weather] send in await send(.line("online: \(await weather.isOnline())")) }
    case .validateTapped:
      do {
        state.lines.append(try weather.validate("Atlantis"))
      } catch {
        state.lines.append(error.reason)
      }
      return .none
    case .refreshTapped:
      return .run { [weather] send in
        do {
          try await weather.refresh()
        } catch {
          await send(.line("\(error)"))
        }
      }
    case .line(let line):
      state.lines.append(line)
      return .none
    }
  }
}

/// The issues a block reported, by comment.
private final class ReportedIssues: Sendable {
  private let comments = Mutex<[String]>([])

  /// Records `issue`'s comments and says it was expected.
  func record(_ issue: Issue) -> Bool {
    comments.withLock { $0 += issue.comments.map(\.rawValue) }
    return true
  }

  var all: [String] { comments.withLock { $0 } }
}

@MainActor
struct UnimplementedTests {
  @Test func anUnimplementedThrowingClosureReportsItsNameAndThrows() async {
    let store = TestStore(initialState: Weather.State()) { Weather() }
    let issues = ReportedIssues()
    await withKnownIssue {
      await store.send(.forecastTapped)
      await store.receive(.line("Unimplemented: WeatherClient.forecast was called")) {
        $0.lines = ["Unimplemented: WeatherClient.forecast was called"]
      }
    } matching: {
      issues.record($0)
    }
    #expect(issues.all == ["Unimplemented: WeatherClient.forecast was called."])
  }

  @Test func unimplementedClosuresThatReturnReportThenReturnTheirPlaceholder() async {
    let store = TestStore(initialState: Weather.State()) { Weather() }
    let issues = ReportedIssues()
    await withKnownIssue {
      await store.send(.temperatureTapped) { $0.lines = ["-273"] }
      await store.send(.onlineTapped)
      await store.receive(.line("online: false")) { $0.lines.append("online: false") }
    } matching: {
      issues.record($0)
    }
    #expect(
      issues.all == [
        "Unimplemented: WeatherClient.log was called.",
        "Unimplemented: WeatherClient.temperature was called.",
        "Unimplemented: WeatherClient.isOnline was called.",
      ])
  }

  @Test func aTypedThrowingClosureThrowsTheErrorGiven() async {
    let store = TestStore(initialState: Weather.State()) { Weather() }
    let issues = ReportedIssues()
    await withKnownIssue {
      await store.send(.validateTapped) { $0.lines = ["unknown"] }
    } matching: {
      issues.record($0)
    }
    #expect(issues.all == ["Unimplemented: WeatherClient.validate was called."])
  }

  @Test func withoutADescriptionTheIssueSaysWhereTheClosureWasMade() async {
    let store = TestStore(initialState: Weather.State()) { Weather() }
    let issues = ReportedIssues()
    await withKnownIssue {
      await store.send(.refreshTapped)
      let reason =
        "Unimplemented: the closure made in WeatherClientKey at "
        + "UnidirectionalFlowTests/UnimplementedTests.swift:28 was called"
      await store.receive(.line(reason)) { $0.lines = [reason] }
    } matching: {
      issues.record($0)
    }
    #expect(
      issues.all == [
        "Unimplemented: the closure made in WeatherClientKey at "
          + "UnidirectionalFlowTests/UnimplementedTests.swift:28 was called."
      ])
  }

  @Test func anOverriddenEndpointIsCalledWithoutAnIssue() async {
    let store = TestStore(initialState: Weather.State()) {
      Weather()
    } withDependencies: {
      $0.weather.forecast = { city, days in "\(city): sunny for \(days) days" }
    }
    await store.send(.forecastTapped)
    await store.receive(.line("Paris: sunny for 3 days")) {
      $0.lines = ["Paris: sunny for 3 days"]
    }
  }

  @Test func anUnimplementedValueReportsWhenItIsMade() async {
    struct Reading: Reducer {
      struct State: Equatable { var count = 0 }
      enum Action: Equatable { case read }
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        state.count = unimplemented("Reading.count", placeholder: 12)
        return .none
      }
    }
    let store = TestStore(initialState: Reading.State()) { Reading() }
    let issues = ReportedIssues()
    await withKnownIssue {
      await store.send(.read) { $0.count = 12 }
    } matching: {
      issues.record($0)
    }
    #expect(issues.all == ["Unimplemented: Reading.count was called."])
  }
}
