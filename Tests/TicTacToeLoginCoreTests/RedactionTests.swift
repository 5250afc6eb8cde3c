import Synchronization
import Testing
import TicTacToeAuthenticationClient
import TicTacToeLoginCore
import TicTacToeTwoFactorCore
import UnidirectionalFlow
import UnidirectionalFlowTesting

@MainActor
struct RedactionTests {
  @Test func thePasswordAndTokensAreRedactedInStateDumps() {
    var state = Login.State()
    state.email = "2fa@pointfree.co"
    state.password = "hunter2"
    state.twoFactor = TwoFactor.State(token: "deadbeef")
    let dump = stateDump(state)
    #expect(!dump.contains("hunter2"))
    #expect(!dump.contains("deadbeef"))
    #expect(dump.contains(#"password: "<redacted>""#))
    #expect(dump.contains(#"token: "<redacted>""#))
    #expect(dump.contains(#"email: "2fa@pointfree.co""#))
    #expect(stateDump(Login.State()).contains(#"password: """#))
  }

  @Test func thePasswordAndTokensAreRedactedInActionDumps() {
    let binding = Login.Action.view(.binding(.set(\.password, "hunter2")))
    #expect(!stateDump(binding).contains("hunter2"))
    // Issue messages interpolate actions with `String(describing:)`.
    #expect(!String(describing: binding).contains("hunter2"))
    #expect(!String(describing: TicTacToeLikeRoot.login(binding)).contains("hunter2"))
    #expect(stateDump(binding).contains("<redacted>"))
    #expect(
      stateDump(Login.Action.view(.binding(.set(\.email, "blob@pointfree.co"))))
        .contains("blob@pointfree.co"))

    let response = Login.Action.loginResponse(
      .success(AuthenticationResponse(token: "deadbeef", twoFactorRequired: true)))
    #expect(!stateDump(response).contains("deadbeef"))
    #expect(stateDump(response).contains("twoFactorRequired: true"))
  }

  @Test func printChangesDoesNotLeakThePassword() {
    let output = Mutex<[String]>([])
    let store = Store(initialState: Login.State()) {
      Login()._printChanges { line in output.withLock { $0.append(line) } }
    }
    store.send(.view(.binding(.set(\.password, "hunter2"))))
    let printed = output.withLock { $0.joined(separator: "\n") }
    #expect(!printed.isEmpty)
    #expect(!printed.contains("hunter2"))
  }

  @Test func testFailureMessagesDoNotLeakThePassword() async {
    let store = TestStore(initialState: Login.State()) { Login() }
    await withKnownIssue {
      await store.send(\.view.binding.password, "hunter2") { $0.password = "swordfish" }
    } matching: { issue in
      !String(describing: issue).contains("hunter2")
        && !String(describing: issue).contains("swordfish")
    }
  }
}

/// A parent action embedding the login's, as the app's root does.
private enum TicTacToeLikeRoot {
  case login(Login.Action)
}
