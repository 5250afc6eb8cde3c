import JSONLines
import Testing

/// Everything a finished `tictactoe` process wrote, its output checked against the invariants
/// every output must keep: only protocol lines, each a JSON object ending in `\n`, numbered by
/// `seq` from 1, `hello` first and the state right after it.
public struct Transcript: Sendable {
  /// The exit status.
  public let status: Int32
  /// Standard output, raw.
  public let output: [UInt8]
  /// The output's events, in order.
  public let events: [Event]
  /// Standard error.
  public let standardError: String

  public init(
    status: Int32, output: [UInt8], standardError: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    self.status = status
    self.output = output
    self.standardError = standardError
    let text = String(decoding: output, as: UTF8.self)
    #expect(output.isEmpty || output.last == UInt8(ascii: "\n"), sourceLocation: sourceLocation)
    var events: [Event] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
      events.append(try Event(line: String(line), sourceLocation: sourceLocation))
    }
    self.events = events
    #expect(
      events.map(\.seq) == events.indices.map { $0 + 1 },
      "seq must count output lines from 1", sourceLocation: sourceLocation)
    #expect(
      events.prefix(2).map(\.type) == ["hello", "state"], sourceLocation: sourceLocation)
    #expect(
      events.first?.value
        == ["type": "hello", "seq": 1, "protocol": "tictactoe-jsonl", "version": 1],
      sourceLocation: sourceLocation)
    for event in events {
      #expect(
        ["hello", "state", "action", "error", "history"].contains(event.type),
        "unknown event \(event)",
        sourceLocation: sourceLocation)
    }
  }

  /// The events of one type.
  public func events(_ type: String) -> [Event] { events.filter { $0.type == type } }

  /// The states of the `state` events, in order.
  public var states: [JSONValue] { events("state").compactMap(\.state) }

  /// The case paths of the `action` events, in order.
  public var actions: [String] { events("action").compactMap(\.action) }

  /// The `error` events.
  public var errors: [Event] { events("error") }

  /// The events after the attach pair (`hello`, initial `state`), as compact lines with `seq`
  /// removed: what a test compares whole.
  public var afterAttach: [JSONValue] {
    events.dropFirst(2).map { event in
      var object = JSONObject()
      for member in event.value.object!.members where member.key != "seq" {
        object.insert(member.value, forKey: member.key)
      }
      return .object(object)
    }
  }
}
