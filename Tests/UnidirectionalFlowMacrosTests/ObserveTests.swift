import Observation
import Testing
import UnidirectionalFlow
import UnidirectionalFlowMacros

@Reducer
private struct Form {
  @ObservableState
  struct State: Equatable {
    var name = ""
    var age = 0
    var child: Form.State.Child?

    @ObservableState
    struct Child: Equatable { var note = "" }
  }
  enum Action {
    case named(String)
    case aged
    case renamedTwice
    case childShown
    case noted(String)
    case child(ChildAction)
  }
  enum ChildAction { case tapped }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .named(let name): state.name = name
      case .aged: state.age += 1
      case .renamedTwice:
        state.name += "!"
        state.name += "!"
      case .childShown: state.child = State.Child()
      case .noted(let note): state.child?.note = note
      case .child: break
      }
      return .none
    }
  }
}

/// An `@Observable` model changed outside any store.
@MainActor
@Observable
private final class Model {
  var title = ""
}

@MainActor
struct ObserveTests {
  private let store = Store(initialState: Form.State()) { Form() }

  @Test func reRunsRightAfterTheActionThatChangedWhatItRead() {
    var rendered: [String] = []
    let token = observe { rendered.append(store.name) }
    #expect(rendered == [""])
    store.send(.named("Blob"))
    #expect(rendered == ["", "Blob"])
    _ = token
  }

  @Test func doesNotReRunForAFieldItDidNotRead() {
    var runs = 0
    let token = observe {
      runs += 1
      _ = store.name
    }
    store.send(.aged)
    store.send(.aged)
    #expect(runs == 1)
    #expect(store.age == 2)
    _ = token
  }

  @Test func reRunsOncePerActionHoweverManyChangesItMade() {
    var rendered: [String] = []
    let token = observe { rendered.append(store.name) }
    store.send(.renamedTwice)
    #expect(rendered == ["", "!!"])
    _ = token
  }

  @Test func tracksWhatTheLatestRunRead() {
    var rendered: [String] = []
    let token = observe {
      if let child = store.scope(state: \.child, action: \.child) {
        rendered.append("note: \(child.note)")
      } else {
        rendered.append("no child")
      }
    }
    store.send(.noted("ignored while absent"))
    store.send(.childShown)
    store.send(.noted("hello"))
    store.send(.aged)
    #expect(rendered == ["no child", "note: ", "note: hello"])
    _ = token
  }

  @Test func stopsWhenCancelledOrReleased() {
    var runs = 0
    let token = observe {
      runs += 1
      _ = store.name
    }
    token.cancel()
    store.send(.named("a"))
    #expect(runs == 1)

    do {
      let released = observe {
        runs += 1
        _ = store.age
      }
      #expect(runs == 2)
      _ = released
    }
    store.send(.aged)
    #expect(runs == 2)
  }

  @Test func reRunsOnTheNextTurnForAChangeOutsideAStore() async {
    let model = Model()
    let (titles, continuation) = AsyncStream.makeStream(of: String.self)
    let token = observe { continuation.yield(model.title) }
    var iterator = titles.makeAsyncIterator()
    #expect(await iterator.next() == "")
    model.title = "Hello"
    #expect(await iterator.next() == "Hello")
    token.cancel()
  }
}
