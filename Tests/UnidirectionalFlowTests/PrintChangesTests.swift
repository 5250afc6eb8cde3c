import Testing
import UnidirectionalFlow
import UnidirectionalFlowTesting

private struct Credentials: CustomDumpStringConvertible, Equatable {
  var token: String
  var customDumpDescription: String { "Credentials(<redacted>)" }
}

private struct Profile: Reducer {
  struct State: Equatable {
    var name = "Blob"
    var visits = 0
    var credentials = Credentials(token: "secret-1")
  }
  enum Action: Equatable, Sendable {
    case visit
    case rename(String)
    case rotateToken
    case noop
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .visit: state.visits += 1
    case .rename(let name): state.name = name
    case .rotateToken: state.credentials.token = "secret-2"
    case .noop: break
    }
    return .none
  }
}

@MainActor
private func makeStore(_ output: Recorder<String>) -> Store<Profile.State, Profile.Action> {
  Store(initialState: Profile.State()) {
    Profile()._printChanges(to: { output.append($0) })
  }
}

@Suite struct PrintChangesTests {
  @Test @MainActor func printsTheActionAndALineDiffOfTheState() {
    let output = Recorder<String>()
    let store = makeStore(output)
    store.send(.visit)
    // Unchanged lines start with a space, removed ones with `−`, added ones with `+`.
    #expect(
      output.entries == [
        "received action:\n"
          + "  Action.visit\n"
          + " State(\n"
          + "   name: \"Blob\",\n"
          + "\u{2212}  visits: 0,\n"
          + "+  visits: 1,\n"
          + "   credentials: Credentials(<redacted>)\n"
          + " )"
      ])
  }

  @Test @MainActor func printsEveryActionWithAPayload() {
    let output = Recorder<String>()
    let store = makeStore(output)
    store.send(.rename("Blob Jr."))
    store.send(.rename("Blob Sr."))
    #expect(output.entries.count == 2)
    #expect(output.entries[1].hasPrefix("received action:\n  Action.rename(\"Blob Sr.\")\n"))
    #expect(output.entries[1].contains("\u{2212}  name: \"Blob Jr.\","))
    #expect(output.entries[1].contains("+  name: \"Blob Sr.\","))
  }

  @Test @MainActor func saysSoWhenNothingChanged() {
    let output = Recorder<String>()
    let store = makeStore(output)
    store.send(.noop)
    store.send(.rotateToken)
    // A redacted field changes nothing visible either.
    #expect(
      output.entries == [
        "received action:\n  Action.noop\n  (No state changes)",
        "received action:\n  Action.rotateToken\n  (No state changes)",
      ])
    #expect(store.state.credentials.token == "secret-2")
  }
}
