import Foundation
import JSONLines
import TestSupport
import Testing
import TicTacToeAppCore
import TicTacToeAppSchema
import TicTacToeFrontEndABI

@testable import FrontEndHost

/// `read_state_json` (ABI 1.6), through the probe: the whole state as the JSON-lines `state`
/// object, encoded by the host once per revision, with the screen on top and the revision.
@MainActor
@Suite struct StateJSONTests {
  /// The probe's read: its status, and the struct the host filled.
  static func read(_ probe: Probe, through feature: ttt_feature = TTT_FEATURE_ROOT) -> (
    ttt_status, ttt_state_json
  ) {
    typealias Read = @convention(c) (UInt32, UnsafeMutablePointer<ttt_state_json>) -> Int32
    var out = ttt_state_json()
    let status = probe.function("probe_read_state_json", as: Read.self)(feature.rawValue, &out)
    return (ttt_status(UInt32(bitPattern: status)), out)
  }

  /// The object's text.
  static func text(_ state: ttt_state_json) -> String {
    String(
      decoding: UnsafeRawBufferPointer(start: state.json, count: state.length), as: UTF8.self)
  }

  func attachedProbe(_ host: FrontEndHost) async throws -> Probe {
    let probe = try await Probe()
    _ = try host.attach(FrontEndSpec(probe.path), ownsTerminal: false).get()
    return probe
  }

  /// Every screen's fields, read back from the object, are the state's (secrets aside, which
  /// the object holds as "" or "<redacted>"); the screen is the one on top.
  @Test(arguments: AppSchemaWireFormTests.samples)
  func carriesEveryFieldOfTheState(_ state: TicTacToe.State) async throws {
    let host = makeTestHost(initialState: state)
    let probe = try await attachedProbe(host)
    let (status, read) = Self.read(probe)
    try #require(status == TTT_OK)
    #expect(read.struct_size == UInt32(MemoryLayout<ttt_state_json>.size))
    #expect(read.revision == host.revision)
    #expect(!read.is_replay && read.replay_step == 0 && read.replay_length == 0)
    let shown = HostFeature.allCases.last { $0 != .root && $0.inactivity(in: state) == nil }
    #expect(read.screen == shown?.rawValue)

    let json = try JSONParser().parse(Array(Self.text(read).utf8))
    let decoded = try RemoteStateDecoder.state(from: json)
    let expected = AppSchemaWireFormTests.values(of: state).filter { !$0.0.isSecret }
    let readBack = AppSchemaWireFormTests.values(of: decoded).filter { !$0.0.isSecret }
    #expect(readBack.map(\.0) == expected.map(\.0))
    for ((field, value), (_, readValue)) in zip(expected, readBack) {
      #expect(readValue == value, "\(field.feature.rawValue) \(field.name)")
    }
  }

  /// One encoding per revision: a second read, by this front end or another, gets the same
  /// bytes; a change makes new ones, of the next revision.
  @Test func encodesEachRevisionOnce() async throws {
    let host = makeTestHost()
    let probe = try await attachedProbe(host)
    let other = try await attachedProbe(host)
    let (_, first) = Self.read(probe)
    let (_, again) = Self.read(other)
    #expect(again.json == first.json)
    #expect(again.revision == first.revision)

    #expect(probe.sendPath("login.view.binding.email", string: "blob@pointfree.co") == TTT_OK)
    let (status, changed) = Self.read(probe)
    #expect(status == TTT_OK)
    #expect(changed.revision == first.revision + 1)
    #expect(Self.text(changed).contains(#""email":"blob@pointfree.co""#))
    #expect(Self.text(changed).hasPrefix(#"{"login":{"#))
  }

  /// The bytes a front end read stay as they were until its next read, while another reads
  /// each new state: the host writes a new object into an old one only once no handle holds
  /// it, as the reader alone does here from its second read on, and into a new one when the
  /// object is longer than the old one has room for.
  @Test func keepsTheBytesAFrontEndHoldsUntilItsNextRead() async throws {
    let host = makeTestHost()
    let probe = try await attachedProbe(host)
    let other = try await attachedProbe(host)
    let (_, held) = Self.read(other)
    let before = Self.text(held)
    let long = String(repeating: "x", count: 400) + "@pointfree.co"
    for email in ["a@pointfree.co", "bb@pointfree.co", "c@pointfree.co", long] {
      #expect(probe.sendPath("login.view.binding.email", string: email) == TTT_OK)
      let (_, read) = Self.read(probe)
      #expect(Self.text(read).contains(#""email":"\#(email)""#))
      #expect(Self.text(held) == before)
    }
    // Two changes, one read: the object of the last.
    #expect(probe.sendPath("login.view.binding.email", string: "d@pointfree.co") == TTT_OK)
    #expect(probe.sendPath("login.view.binding.password", string: "hunter2") == TTT_OK)
    let (_, last) = Self.read(probe)
    #expect(Self.text(last).contains(#""email":"d@pointfree.co","password":"<redacted>""#))
  }

  /// Once its last reader detached, the host encodes no change until a front end reads again;
  /// one still attached then reads the state as it is, here a rewind to an earlier one, not
  /// the object encoded for the detached reader.
  @Test func stopsEncodingEachChangeOnceItsReaderDetaches() async throws {
    let host = makeTestHost()
    let reader = try await Probe()
    let session = try host.attach(FrontEndSpec(reader.path), ownsTerminal: false).get()
    let other = try await attachedProbe(host)
    let cache = host.bridge.stateJSON
    #expect(!cache.isRead)
    let (_, before) = Self.read(reader)
    let empty = Self.text(before)
    #expect(reader.sendPath("login.view.binding.email", string: "a@pointfree.co") == TTT_OK)
    let (_, typed) = Self.read(reader)
    #expect(Self.text(typed).contains(#""email":"a@pointfree.co""#))
    #expect(cache.isRead)

    host.detach(session)
    #expect(!cache.isRead)
    _ = host.rewind(toRevision: before.revision)
    #expect(!cache.isRead)
    let (status, rewound) = Self.read(other)
    #expect(status == TTT_OK)
    #expect(rewound.revision == typed.revision + 1)
    #expect(Self.text(rewound) == empty)
    #expect(cache.isRead)
  }

  /// The password crosses as "<redacted>" only, and a rewind's state comes back as it was.
  @Test func keepsSecretsOutAndFollowsARewind() async throws {
    let host = makeTestHost()
    let probe = try await attachedProbe(host)
    let (_, before) = Self.read(probe)
    let empty = Self.text(before)
    #expect(probe.sendPath("login.view.binding.password", string: "hunter2secret") == TTT_OK)
    let (_, typed) = Self.read(probe)
    #expect(Self.text(typed).contains(#""password":"<redacted>""#))
    #expect(!Self.text(typed).contains("hunter2secret"))

    _ = host.rewind(toRevision: before.revision)
    let (_, rewound) = Self.read(probe)
    #expect(rewound.revision == typed.revision + 1)
    #expect(Self.text(rewound) == empty)
  }

  /// A string that needs escaping is escaped as `JSONWriter` escapes it (quotes, backslashes,
  /// control characters, DEL and the C1 controls); other text is copied as it is.
  @Test(arguments: [
    "plain@example.com", #"a"b\c"#, "tab\there", "caf\u{E9} \u{1F600}", "del\u{7F}",
    "c1\u{85}x", "\u{1B}[2J", "",
  ])
  func escapesAsJSONWriterDoes(_ email: String) async throws {
    let host = makeTestHost()
    let probe = try await attachedProbe(host)
    #expect(probe.sendPath("login.view.binding.email", string: email) == TTT_OK)
    let (_, read) = Self.read(probe)
    var writer = JSONWriter()
    writer.key("email")
    writer.string(email)
    #expect(Self.text(read).contains("{" + writer.text + ","), "\(Self.text(read))")
  }

  /// Only the root handle reads the whole app.
  @Test func aScopedHandleIsRefused() async throws {
    let host = makeTestHost()
    let probe = try await attachedProbe(host)
    let (status, _) = Self.read(probe, through: TTT_FEATURE_LOGIN)
    #expect(status == TTT_ERR_WRONG_FEATURE)
    #expect(probe.lastError.contains("the login screen"))
  }
}
