/// The `type` of an event of the JSON-lines protocol (Documentation/JSONLines.md), and the
/// start of every line of that type: ``JSONLinesEventEncoder`` writes `type` first, so a
/// reader of encoded lines (the host, for a client of its socket) learns an event's type from
/// its first bytes, without parsing it.
public enum JSONLinesEventType: String, CaseIterable, Sendable {
  /// The first event: protocol name and version.
  case hello
  /// A snapshot of the app state.
  case state
  /// How far a replay that drives the game has come.
  case replay
  /// The kept `state` events, answering a `history` command.
  case history
  /// An action the host processed.
  case action
  /// A refused line or command, or a failure.
  case error

  /// `{"type":"state","seq":`: the object opened, its first member and the key of its second,
  /// as every line of this type begins.
  public var lineStart: [UInt8] {
    switch self {
    case .hello: Self.starts.hello
    case .state: Self.starts.state
    case .replay: Self.starts.replay
    case .history: Self.starts.history
    case .action: Self.starts.action
    case .error: Self.starts.error
    }
  }

  /// The type of the encoded event at the start of `line`, or `nil` for a line that does not
  /// begin as an event of a known type does.
  public init?(ofLine line: UnsafeRawBufferPointer) {
    guard let type = Self.allCases.first(where: { line.starts(with: $0.lineStart) }) else {
      return nil
    }
    self = type
  }

  /// Each type's ``lineStart``, encoded once: every event begins with one.
  private static let starts = (
    hello: start(.hello), state: start(.state), replay: start(.replay),
    history: start(.history), action: start(.action), error: start(.error)
  )

  private static func start(_ type: Self) -> [UInt8] {
    var json = JSONWriter()
    json.beginObject()
    json.key("type")
    json.string(type.rawValue)
    json.key("seq")
    return json.bytes
  }
}
