import Observation
import Testing
import UnidirectionalFlowMacros

@testable import UnidirectionalFlow

@Reducer
private struct Tally {
  @ObservableState
  struct State: Equatable {
    var count = 0
  }
  enum Action { case increment }

  var body: some Reducer<State, Action> {
    Reduce { state, _ in
      state.count += 1
      return .none
    }
  }
}

/// A feature whose state has every kind of field observation tells apart.
@Reducer
private struct Board {
  @ObservableState
  struct State: Equatable {
    var count = 0
    var other = 0
    var tally = Tally.State()
    var optional: Tally.State?
    @ObservationStateIgnored var ignored = 0
  }
  enum Action {
    case countChanged
    case otherChanged
    case ignoredChanged
    case tallyReplaced
    case optionalPresented
    case optionalDismissed
    case everythingReplaced
    case twoFieldsChanged
    case tally(Tally.Action)
    case optional(Tally.Action)
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.tally, action: \.tally) { Tally() }
    Reduce { state, action in
      switch action {
      case .countChanged: state.count += 1
      case .otherChanged: state.other += 1
      case .ignoredChanged: state.ignored += 1
      case .tallyReplaced: state.tally = Tally.State(count: state.tally.count)
      case .optionalPresented: state.optional = Tally.State()
      case .optionalDismissed: state.optional = nil
      case .everythingReplaced: state = State()
      case .twoFieldsChanged:
        state.count += 1
        state.other += 1
      case .optional(.increment): state.optional?.count += 1
      case .tally: break
      }
      return .none
    }
  }
}

/// Two screens, as an app's root state switches between them.
@Reducer
private struct Screens {
  @ObservableState
  @CasePathable
  enum State: Equatable {
    case first(Tally.State)
    case second(Tally.State)
    case none
  }
  enum Action {
    case first(Tally.Action)
    case second(Tally.Action)
    case showSecond
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .showSecond: state = .second(Tally.State())
      case .first(.increment): state.modify(\.first) { $0.count += 1 }
      case .second: break
      }
      return .none
    }
  }
}

/// A feature that presents an alert with `@Presents`, tracked as any field.
@Reducer
private struct Confirmation {
  @ObservableState
  struct State: Equatable {
    @Presents var alert: AlertState<Action.Alert>?
    var count = 0
  }
  enum Action {
    case alert(PresentationAction<Alert>)
    case askTapped
    case countChanged

    enum Alert: Equatable, Sendable { case confirm }
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .askTapped: state.alert = AlertState { TextState("Sure?") }
      case .countChanged: state.count += 1
      case .alert: break
      }
      return .none
    }
    .ifLet(\.$alert, action: \.alert)
  }
}

/// Whether `change` fires the tracking of what `read` reads.
@MainActor
private func fires(_ read: () -> Void, when change: () -> Void) -> Bool {
  let fired = Fired()
  withObservationTracking(read) { fired.set() }
  change()
  return fired.value
}

/// Whether a tracking's change handler ran (it may run on any thread).
private final class Fired: @unchecked Sendable {
  private var flag = false
  var value: Bool { flag }
  func set() { flag = true }
}

@MainActor
struct ObservableStateTests {
  private let store = Store(initialState: Board.State()) { Board() }

  @Test func aReadFieldNotifiesWhenItChanges() {
    #expect(fires({ _ = store.count }, when: { store.send(.countChanged) }))
    #expect(store.count == 1)
  }

  @Test func aFieldNotReadDoesNotNotify() {
    #expect(!fires({ _ = store.count }, when: { store.send(.otherChanged) }))
    #expect(store.other == 1)
  }

  @Test func anIgnoredFieldNeverNotifies() {
    #expect(!fires({ _ = store.ignored }, when: { store.send(.ignoredChanged) }))
    #expect(store.ignored == 1)
  }

  @Test func aChildChangedInPlaceNotifiesOnlyTheReadersOfItsFields() {
    let tally = store.scope(state: \.tally, action: \.tally)
    #expect(!fires({ _ = store.tally }, when: { store.send(.tally(.increment)) }))
    #expect(fires({ _ = tally.count }, when: { store.send(.tally(.increment)) }))
    #expect(tally.count == 2)
  }

  @Test func aChildReplacedNotifiesTheReadersOfTheParentsField() {
    #expect(fires({ _ = store.tally }, when: { store.send(.tallyReplaced) }))
  }

  @Test func anOptionalChildScopeNotifiesWhenPresentedAndDismissed() {
    #expect(
      fires(
        { _ = store.scope(state: \.optional, action: \.optional) },
        when: { store.send(.optionalPresented) }))
    let child = store.scope(state: \.optional, action: \.optional)
    #expect(child != nil)
    #expect(fires({ _ = child?.count }, when: { child?.send(.increment) }))
    #expect(
      !fires(
        { _ = store.scope(state: \.optional, action: \.optional) },
        when: { child?.send(.increment) }))
    #expect(
      fires(
        { _ = store.scope(state: \.optional, action: \.optional) },
        when: { store.send(.optionalDismissed) }))
    #expect(store.scope(state: \.optional, action: \.optional) == nil)
  }

  @Test func theWholeStateReplacedNotifiesEveryReader() {
    store.send(.otherChanged)
    #expect(fires({ _ = store.other }, when: { store.send(.everythingReplaced) }))
    #expect(store.other == 0)
  }

  @Test func anEnumStateNotifiesTheReadersOfACaseWhenTheCaseChanges() {
    let screens = Store(initialState: Screens.State.first(Tally.State())) { Screens() }
    let first = screens.scope(case: \.first, action: \.first)
    #expect(fires({ _ = first?.count }, when: { first?.send(.increment) }))
    #expect(
      !fires(
        { _ = screens.scope(case: \.first, action: \.first) }, when: { first?.send(.increment) }))
    #expect(
      fires(
        { _ = screens.scope(case: \.first, action: \.first) }, when: { screens.send(.showSecond) }))
    #expect(screens.scope(case: \.first, action: \.first) == nil)
    #expect(screens.scope(case: \.second, action: \.second) != nil)
  }

  @Test func aPresentsFieldNotifiesItsReadersWhenPresentedAndDismissed() {
    let confirmation = Store(initialState: Confirmation.State()) { Confirmation() }
    #expect(fires({ _ = confirmation.alert }, when: { confirmation.send(.askTapped) }))
    #expect(!fires({ _ = confirmation.alert }, when: { confirmation.send(.countChanged) }))
    #expect(fires({ _ = confirmation.alert }, when: { confirmation.send(.alert(.dismiss)) }))
    #expect(confirmation.alert == nil)
    #expect(!fires({ _ = confirmation.count }, when: { confirmation.send(.askTapped) }))
  }

  @Test func aReducerLooksAtAPresentsFieldWhereItIsStored() throws {
    let offset = try #require(InlineField.presentedOffset(of: \Confirmation.State.$alert))
    var state = Confirmation.State()
    typealias Alert = AlertState<Confirmation.Action.Alert>
    #expect(!InlineField.isPresent(Alert.self, at: offset, in: state))
    state.alert = AlertState { TextState("Sure?") }
    #expect(InlineField.isPresent(Alert.self, at: offset, in: state))
  }

  @Test func aStateJoinsObservationWhenAStoreReadsItForATracking() {
    var state = Board.State()
    // Read as a plain value, never by a store for a tracking: nothing registers.
    #expect(!fires({ _ = state.count }, when: { state.count += 1 }))
    let board = Store(initialState: state) { Board() }
    #expect(fires({ _ = board.count }, when: { board.send(.countChanged) }))
    // The store's read marked the state, and so its copies, as observed.
    #expect(fires({ _ = state.count }, when: { state.count += 1 }))
    // A new value starts unobserved.
    var fresh = Board.State()
    #expect(!fires({ _ = fresh.count }, when: { fresh.count += 1 }))
    #expect(board.count == 2)
  }

  @Test func aBindingWritesAFieldAtItsStorageUntilTheStateIsObserved() {
    #expect(FieldStorageWrite.storage(of: \Board.State.count) != nil)
    #expect(FieldStorageWrite.storage(of: \Board.State.ignored) == nil)
    var state = Board.State()
    #expect(!fires({ _ = state.count }, when: { BindingAction.set(\.count, 3).set(&state) }))
    #expect(state.count == 3)
    let board = Store(initialState: state) { Board() }
    #expect(fires({ _ = board.count }, when: { board.send(.countChanged) }))
    // Observed now: the write goes through the field's setter, which notifies.
    #expect(fires({ _ = state.count }, when: { BindingAction.set(\.count, 7).set(&state) }))
    #expect(state.count == 7)
    BindingAction.set(\.ignored, 5).set(&state)
    #expect(state.ignored == 5)
  }

  @Test func copiesShareAnIdentityAndANewValueHasAnother() {
    let state = Board.State()
    var copy = state
    copy.count = 3
    #expect(copy._$id == state._$id)
    #expect(Board.State()._$id != state._$id)
    #expect(copy != state)
  }

  @Test func anEnumsIdentityIsItsCaseAndItsStates() {
    let tally = Tally.State()
    #expect(Screens.State.first(tally)._$id == Screens.State.first(tally)._$id)
    #expect(Screens.State.first(tally)._$id != Screens.State.second(tally)._$id)
    #expect(Screens.State.first(tally)._$id != Screens.State.first(Tally.State())._$id)
    #expect(Screens.State.none._$id == Screens.State.none._$id)
  }

  @Test func aStateDumpShowsTheFieldsAsDeclared() {
    let dump = stateDump(Tally.State(count: 2))
    #expect(dump == "State(\n  count: 2\n)")
  }
}

/// An enum of features, as an app's root switches screens.
@Reducer
private enum Screen {
  case tally(Tally)
  case other(Tally)
}

/// A parent that moves its screen from one case to the other.
@Reducer
private struct Switcher {
  @ObservableState
  struct State {
    var screen = Screen.State.tally(Tally.State())
  }
  enum Action {
    case screen(Screen.Action)
    case switched
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.screen, action: \.screen) { Screen.body }
    Reduce { state, action in
      if case .switched = action { state.screen = .other(Tally.State()) }
      return .none
    }
  }
}

@MainActor
struct StoreCaseTests {
  @Test func givesTheActiveCaseWithItsStoreAndNotifiesWhenTheCaseChanges() {
    let parent = Store(initialState: Switcher.State()) { Switcher() }
    let store = parent.scope(state: \.screen, action: \.screen)
    guard case .tally(let tally) = store.case else {
      Issue.record("expected the tally case")
      return
    }
    tally.send(.increment)
    #expect(tally.count == 1)
    #expect(!fires({ _ = store.case }, when: { tally.send(.increment) }))
    #expect(fires({ _ = store.case }, when: { parent.send(.switched) }))
    guard case .other(let other) = store.case else {
      Issue.record("expected the other case")
      return
    }
    #expect(other.count == 0)
  }
}
