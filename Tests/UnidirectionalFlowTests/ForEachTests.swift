import Testing
import UnidirectionalFlow
import UnidirectionalFlowTesting

/// Each row of the list is a ticker; its `id` tells the rows apart.
private typealias Row = Ticker

/// A list of ticking rows, run with `forEach`, that logs each row action it sees.
private struct List: Reducer {
  struct State: Equatable {
    var rows: IdentifiedArrayOf<Row.State> = []
    var log: [String] = []
  }
  enum Action: Equatable, Sendable, CasePathable {
    case rows(IdentifiedActionOf<Row>)
    case remove(id: Int)

    struct AllCasePaths: Sendable {
      var rows: AnyCasePath<Action, IdentifiedActionOf<Row>> {
        AnyCasePath(embed: Action.rows) { if case .rows(let a) = $0 { a } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .rows(.element(let id, let rowAction)):
        let ticks = state.rows[id: id].map { "\($0.ticks)" } ?? "no"
        state.log.append("parent saw row \(id) \(rowAction) with \(ticks) ticks")
      case .remove(let id):
        state.rows.remove(id: id)
      }
      return .none
    }
    .forEach(\.rows, action: \.rows) { Row() }
  }
}

@Suite struct ForEachTests {
  @Test @MainActor func routesAnActionToItsElementBeforeTheParent() async {
    let store = TestStore(initialState: List.State(rows: [Row.State(id: 1), Row.State(id: 2)])) {
      List()
    }
    await store.send(.rows(.element(id: 2, action: .tick))) {
      $0.rows[id: 2]?.ticks = 1
      $0.log = ["parent saw row 2 tick with 1 ticks"]
    }
    #expect(store.state.rows[id: 1]?.ticks == 0)
    await store.finish()
  }

  @Test @MainActor func removingAnElementCancelsOnlyItsEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: List.State(rows: [Row.State(id: 1), Row.State(id: 2)])) {
      List()
    } withDependencies: {
      $0.continuousClock = clock
    }
    // Row 1 ticks at 1s, 2s, 3s...; row 2, started half a second later, at 1.5s, 2.5s...
    await store.send(.rows(.element(id: 1, action: .start))) {
      $0.log = ["parent saw row 1 start with 0 ticks"]
    }
    await clock.waitForSleepers(1)
    await clock.advance(by: .milliseconds(500))
    await store.send(.rows(.element(id: 2, action: .start))) {
      $0.log.append("parent saw row 2 start with 0 ticks")
    }
    await clock.waitForSleepers(2)

    await clock.advance(by: .milliseconds(500))
    await store.receive(.rows(.element(id: 1, action: .tick))) {
      $0.rows[id: 1]?.ticks = 1
      $0.log.append("parent saw row 1 tick with 1 ticks")
    }
    await clock.waitForSleepers(2)
    await clock.advance(by: .milliseconds(500))
    await store.receive(.rows(.element(id: 2, action: .tick))) {
      $0.rows[id: 2]?.ticks = 1
      $0.log.append("parent saw row 2 tick with 1 ticks")
    }
    await clock.waitForSleepers(2)

    await store.send(.remove(id: 1)) { $0.rows.remove(id: 1) }
    #expect(clock.pendingSleepers == 1)

    // Row 1 would tick at 2s; only row 2 ticks, at 2.5s.
    await clock.advance(by: .milliseconds(500))
    await clock.advance(by: .milliseconds(500))
    await store.receive(.rows(.element(id: 2, action: .tick))) {
      $0.rows[id: 2]?.ticks = 2
      $0.log.append("parent saw row 2 tick with 2 ticks")
    }
    await clock.waitForSleepers(1)

    await store.send(.remove(id: 2)) { $0.rows.remove(id: 2) }
    #expect(clock.pendingSleepers == 0)
    await clock.advance(by: .seconds(60))
    await store.finish()
  }

  @Test @MainActor func anActionForAMissingElementIsIgnoredAndReported() async {
    let store = TestStore(initialState: List.State(rows: [Row.State(id: 1)])) { List() }
    await withKnownIssue {
      await store.send(.rows(.element(id: 9, action: .tick))) {
        $0.log = ["parent saw row 9 tick with no ticks"]
      }
    } matching: { issue in
      issue.hasComment(
        containing: "A forEach at UnidirectionalFlowTests/ForEachTests.swift:",
        " received tick for element 9, which does not exist; the action was ignored.")
    }
    await store.finish()
  }

  @Test func identifiedArrayReadsAndWritesByID() {
    var rows: IdentifiedArrayOf<Row.State> = [Row.State(id: 3), Row.State(id: 1)]
    #expect(rows.ids == [3, 1])
    #expect(rows.map(\.id) == [3, 1])
    #expect(rows[id: 1] == Row.State(id: 1))
    #expect(rows[id: 7] == nil)

    rows[id: 1]?.ticks = 5
    #expect(rows[1] == Row.State(id: 1, ticks: 5))

    let insertedDuplicate = rows.append(Row.State(id: 3, ticks: 9))
    #expect(!insertedDuplicate)
    #expect(rows[id: 3]?.ticks == 0)
    let insertedNew = rows.append(Row.State(id: 2))
    #expect(insertedNew)
    rows[id: 4] = Row.State(id: 4)
    #expect(rows.ids == [3, 1, 2, 4])

    rows[id: 3] = nil
    let removed = rows.remove(id: 2)
    #expect(removed == Row.State(id: 2))
    let removedAgain = rows.remove(id: 2)
    #expect(removedAgain == nil)
    #expect(rows.ids == [1, 4])

    let reordered = IdentifiedArrayOf<Row.State>(uniqueElements: [
      Row.State(id: 4), Row.State(id: 1, ticks: 5),
    ])
    #expect(rows != reordered)
    #expect(
      rows == IdentifiedArray(uniqueElements: [Row.State(id: 1, ticks: 5), Row.State(id: 4)]))
  }
}
