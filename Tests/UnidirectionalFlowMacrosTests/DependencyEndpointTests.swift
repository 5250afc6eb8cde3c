import Testing
import UnidirectionalFlow
import UnidirectionalFlowMacros
import UnidirectionalFlowTesting

/// A client whose endpoints read badly as methods, renamed as upstream's users rename them.
@DependencyClient
struct StorageClient: Sendable {
  @DependencyEndpoint(method: "load")
  var loadByID: @Sendable (_ id: Int) async throws -> String
  @DependencyEndpoint(method: "load")
  var loadByName: @Sendable (_ name: String) async throws -> String
  @DependencyEndpoint(method: "remove")
  var removeAll: @Sendable () -> Int = { 0 }
}

struct DependencyEndpointTests {
  @Test func theMethodsTakeTheNamesGivenAndCallTheirEndpoints() async throws {
    let client = StorageClient(
      loadByID: { "item \($0)" }, loadByName: { "item named \($0)" }, removeAll: { 3 })
    #expect(try await client.load(id: 1) == "item 1")
    #expect(try await client.load(name: "blob") == "item named blob")
    #expect(client.remove() == 3)
    #expect(try await client.loadByID(2) == "item 2", "the endpoint keeps its own name")
  }

  @Test @MainActor func aRenamedEndpointLeftOutIsUnimplementedUnderItsOwnName() async {
    // A test store routes the reported issue into this test.
    let store = TestStore(initialState: 0) {
      Reduce<Int, Bool> { state, _ in
        state = StorageClient().remove()
        return .none
      }
    }
    await withKnownIssue {
      await store.send(true)
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue == "Unimplemented: StorageClient.removeAll was called."
      }
    }
  }
}
