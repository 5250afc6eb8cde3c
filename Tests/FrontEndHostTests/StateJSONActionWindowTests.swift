import FrontEndKit
import Testing
import TicTacToeAppCore
import TicTacToeFrontEndABI

@testable import FrontEndHost

/// `read_state_json` from an action observer, which the store tells after the reducer ran and
/// before the history counts the change: the object shows the state `read_root` shows then, not
/// the one encoded before the action.
@MainActor
@Suite struct StateJSONActionWindowTests {
  /// The object `read_state_json` gives through `connection`'s root handle.
  private static func read(_ connection: HostConnection) -> String? {
    var read = ttt_state_json()
    read.struct_size = UInt32(MemoryLayout<ttt_state_json>.size)
    guard connection.api.pointee.read_state_json!(connection.root, &read) == TTT_OK else {
      return nil
    }
    return String(
      decoding: UnsafeRawBufferPointer(start: read.json, count: read.length), as: UTF8.self)
  }

  @Test func anActionObserverReadsTheStateTheActionMade() throws {
    let host = makeTestHost()
    let (session, connection) = StateJSONReflectionTests.connection(to: host)
    defer { session.host = nil }
    let before = try #require(Self.read(connection))
    #expect(before.contains(#""email":"""#))

    var seen: (json: String?, isChanged: Bool)?
    let observation = host.store.observeActions { _, _ in
      guard case .login(let login) = host.store.state else { return }
      seen = (Self.read(connection), login.email == "blob@pointfree.co")
    }
    host.store.send(.login(.view(.binding(.set(\.email, "blob@pointfree.co")))))
    observation.cancel()
    #expect(seen?.isChanged == true, "the observer sees the state the action made")
    #expect(seen?.json?.contains(#""email":"blob@pointfree.co""#) == true, "\(seen?.json ?? "")")
  }
}
