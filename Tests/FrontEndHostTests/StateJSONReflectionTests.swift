import FrontEndKit
import JSONLines
import Testing
import TicTacToeAppCore
import TicTacToeFrontEndABI

@testable import FrontEndHost

/// The host's `read_state_json` object (``StateJSONEncoder``) and `FrontEndKit`'s `StateJSON`,
/// which a front end writes from reflection alone (and `jsonl` on a host older than 1.6), are
/// the same bytes: the header says so, and the two encoders are written apart.
@MainActor
@Suite struct StateJSONReflectionTests {
  /// A session attached in-process (no library), whose connection is a front end's view.
  static func connection(to host: FrontEndHost) -> (AttachedFrontEnd, HostConnection) {
    let descriptor = UnsafeMutablePointer<ttt_frontend_descriptor>.allocate(capacity: 1)
    descriptor.initialize(to: ttt_frontend_descriptor())
    let session = AttachedFrontEnd(
      frontEnd: LoadedFrontEnd(
        path: "/reflection", descriptor: descriptor, name: "reflection",
        summary: "the test", version: "1.0.0", abiVersion: "1.6", flags: 0),
      spec: FrontEndSpec("reflection"), ownsTerminal: false)
    session.host = host
    session.isAttached = true
    return (session, HostConnection(api: HostAPI.table, host: session.pointer))
  }

  @Test(arguments: AppSchemaWireFormTests.samples)
  func theHostWritesWhatReflectionWrites(_ state: TicTacToe.State) throws {
    let host = makeTestHost(initialState: state)
    let (session, connection) = Self.connection(to: host)
    defer { session.host = nil }

    var writer = JSONWriter()
    let screen = StateJSON(connection).write(connection, to: &writer)

    var read = ttt_state_json()
    read.struct_size = UInt32(MemoryLayout<ttt_state_json>.size)
    try #require(connection.api.pointee.read_state_json!(connection.root, &read) == TTT_OK)
    let bytes = Array(UnsafeRawBufferPointer(start: read.json, count: read.length))
    #expect(String(decoding: bytes, as: UTF8.self) == writer.text)
    #expect(ttt_feature_json_name(read.screen).map { String(cString: $0) } == screen)
  }
}
