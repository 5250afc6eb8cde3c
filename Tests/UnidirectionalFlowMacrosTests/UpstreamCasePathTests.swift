import Testing
import UnidirectionalFlow
import UnidirectionalFlowMacros
import UnidirectionalFlowTesting

private struct LoginFailed: Error, Equatable {}

/// A login feature shaped as upstream's users write one: a view action without payload, and a
/// response carried as a `Result`.
@Reducer
private struct Login {
  struct State: Equatable {
    var isLoggingIn = false
    var token: String?
  }
  enum Action {
    case view(View)
    case loginResponse(Result<String, any Error>)

    enum View {
      case loginButtonTapped
      case cancelButtonTapped
    }
  }

  let succeeds: Bool

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .view(.loginButtonTapped):
        state.isLoggingIn = true
        return .run { [succeeds] send in
          await send(
            .loginResponse(
              Result {
                await Task.yield()
                guard succeeds else { throw LoginFailed() }
                return "token"
              }))
        }
      case .view(.cancelButtonTapped):
        state.isLoggingIn = false
        return .none
      case .loginResponse(.success(let token)):
        state.isLoggingIn = false
        state.token = token
        return .none
      case .loginResponse(.failure):
        state.isLoggingIn = false
        return .none
      }
    }
  }
}

@CasePathable
@dynamicMemberLookup
private enum Screen: Equatable {
  case login(email: String)
  case game(Int)
  case none
}

struct UpstreamCasePathTests {
  @Test func resultCasesAreCasePaths() {
    let success = Result<Int, LoginFailed>.casePath(\.success)
    let failure = Result<Int, LoginFailed>.casePath(\.failure)
    #expect(success.extract(from: .success(3)) == 3)
    #expect(success.extract(from: .failure(LoginFailed())) == nil)
    #expect(failure.extract(from: .failure(LoginFailed())) == LoginFailed())
    #expect(failure.embed(LoginFailed()) == .failure(LoginFailed()))
  }

  @Test func optionalCasesAreCasePaths() {
    let some = Int?.casePath(\.some)
    let none = Int?.casePath(\.none)
    #expect(some.extract(from: 4) == 4)
    #expect(some.extract(from: nil) == nil)
    #expect(none.extract(from: nil) != nil)
    #expect(none.extract(from: 4) == nil)
    // Through `some` into the wrapped enum's own cases.
    let game = Screen?.casePath(\.game)
    #expect(game.extract(from: .game(2)) == 2)
    #expect(game.extract(from: nil) == nil)
    #expect(game.embed(5) == .game(5))
  }

  @Test func pathsChainThroughResult() {
    let path = Login.Action.casePath(\.loginResponse.success)
    #expect(path.extract(from: .loginResponse(.success("t"))) == "t")
    #expect(path.extract(from: .loginResponse(.failure(LoginFailed()))) == nil)
    #expect(Login.Action.loginResponse(.failure(LoginFailed())).is(\.loginResponse.failure))
    #expect(!Login.Action.view(.loginButtonTapped).is(\.loginResponse))
    #expect(Login.Action.loginResponse(.success("t"))[case: \.loginResponse.success] == "t")
  }

  @Test func modifyChangesThePayloadInPlace() {
    var screen = Screen.login(email: "a")
    screen.modify(\.login) { $0 += "@b.c" }
    #expect(screen == .login(email: "a@b.c"))
  }

  /// As a test writes it: the assertion of a store whose state is in another case.
  @Test @MainActor func modifyInAnotherCaseReportsAndLeavesTheValue() async {
    let store = TestStore(initialState: Screen.game(1)) {
      Reduce<Screen, Int> { _, _ in .none }
    }
    await withKnownIssue {
      await store.send(0) {
        $0.modify(\.login) { $0 = "x" }
      }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("Cannot modify Screen") }
        && issue.sourceLocation?.fileName == "UpstreamCasePathTests.swift"
    }
    #expect(store.state == .game(1))
  }

  @Test func dynamicMemberReadsTheCasePayload() {
    let screen = Screen.game(7)
    #expect(screen.game == 7)
    #expect(screen.login == nil)
    #expect(Screen.none.none != nil)
  }

  @Test func asyncResultCapturesValueAndError() async throws {
    let value = await Result { () async throws -> Int in
      await Task.yield()
      return 1
    }
    #expect(try value.get() == 1)
    let error = await Result { () async throws -> Int in throw LoginFailed() }
    #expect(throws: LoginFailed.self) { try error.get() }
  }

  @Test @MainActor func sendAndReceiveByPathAsUpstreamTestsDo() async {
    let store = TestStore(initialState: Login.State()) { Login(succeeds: true) }
    await store.send(\.view.loginButtonTapped) { $0.isLoggingIn = true }
    await store.receive(\.loginResponse.success) {
      $0.isLoggingIn = false
      $0.token = "token"
    }
    await store.finish()
  }

  @Test @MainActor func receiveTheFailureCaseByPath() async {
    let store = TestStore(initialState: Login.State()) { Login(succeeds: false) }
    await store.send(\.view.loginButtonTapped) { $0.isLoggingIn = true }
    await store.receive(\.loginResponse.failure) { $0.isLoggingIn = false }
    await store.finish()
  }
}
