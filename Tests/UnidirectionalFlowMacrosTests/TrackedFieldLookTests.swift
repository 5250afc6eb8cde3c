import Testing
import UnidirectionalFlowMacros

@testable import UnidirectionalFlow

/// A child with a count.
@Reducer
private struct Counter {
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

/// A feature that presents its child with `ifLet` and a key path to a tracked field (a
/// computed property over its storage, as `Login`'s `twoFactor` is), and two plain tracked
/// fields a binding writes.
@Reducer
private struct Holder {
  @ObservableState
  struct State: Equatable {
    var child: Counter.State?
    var first = 0
    var second = 0
    @ObservationStateIgnored var ignored = 0
  }
  enum Action {
    case child(PresentationAction<Counter.Action>)
    case show
    case hide
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .show: state.child = Counter.State()
      case .hide: state.child = nil
      case .child: break
      }
      return .none
    }
    .ifLet(\.child, action: \.child) { Counter() }
  }
}

@MainActor
@Suite struct TrackedFieldLookTests {
  @Test func aPresentationLooksAtATrackedFieldsStorage() throws {
    // The field is computed: it has no offset of its own, its storage has one.
    #expect(MemoryLayout<Holder.State>.offset(of: \Holder.State.child) == nil)
    let offset = try #require(InlineField.readOffset(of: \Holder.State.child))
    let presentation = Reduce<Holder.State, Holder.Action> { _, _ in .none }
      .ifLet(\.child, action: \.child) { Counter() }
    #expect(presentation.childOffset == offset)
    var state = Holder.State()
    #expect(!InlineField.isPresent(Counter.State.self, at: offset, in: state))
    state.child = Counter.State()
    #expect(InlineField.isPresent(Counter.State.self, at: offset, in: state))
    state.child = nil
    #expect(!InlineField.isPresent(Counter.State.self, at: offset, in: state))
  }

  @Test func aPresentedChildIsReducedAndDismissedThroughTheLook() {
    let store = Store(initialState: Holder.State()) { Holder() }
    store.send(.show)
    store.send(.child(.presented(.increment)))
    store.send(.child(.presented(.increment)))
    #expect(store.state.child?.count == 2)
    store.send(.child(.dismiss))
    #expect(store.state.child == nil)
    store.send(.show)
    #expect(store.state.child == Counter.State())
  }

  @Test func bindingsToTwoFieldsInTurnEachWriteTheirOwn() {
    var state = Holder.State()
    // The last field asked for is found by identity: another field, asked for between two
    // writes, must not be given its storage.
    for round in 1...3 {
      BindingAction.set(\.first, round).set(&state)
      BindingAction.set(\.second, round * 10).set(&state)
      BindingAction.set(\.ignored, round * 100).set(&state)
    }
    #expect(state.first == 3)
    #expect(state.second == 30)
    #expect(state.ignored == 300)
    let first = FieldStorageWrite.storage(of: \Holder.State.first)?.offset
    let second = FieldStorageWrite.storage(of: \Holder.State.second)?.offset
    #expect(first != nil && second != nil && first != second)
    #expect(FieldStorageWrite.storage(of: \Holder.State.first)?.offset == first)
    #expect(FieldStorageWrite.storage(of: \Holder.State.ignored) == nil)
  }
}
