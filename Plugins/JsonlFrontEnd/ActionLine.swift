import FrontEndKit
import JSONLines
import TicTacToeFrontEndABI

/// The fast path of the commonest input line, an action whose payload is strings without
/// escapes and integers: read in place by a ``FlatObjectScanner`` and sent with its strings
/// copied into one reused buffer, so the line makes no `JSONValue`, no `String` and no list.
///
/// It takes only lines that ``Request`` accepts as they are, and sends them as ``Request``
/// would. Every other line (a command, an escape, a nested value, a rule broken) is left to
/// ``Request``, whose checks and messages stay the only ones.
struct ActionLine {
  /// What became of a line this path took.
  enum Outcome {
    /// The host took the action.
    case sent
    /// The host refused it: its message, and the line's `id` to echo.
    case refused(String, id: JSONValue?)
  }

  private var scanner = FlatObjectScanner()
  /// The member of each argument of the intent ``intent(of:actions:)`` found, in call order.
  private var arguments: [FlatObjectScanner.Member] = []
  /// The string arguments of the line, each followed by a NUL: the C strings of the call.
  private var strings: [UInt8] = []

  init() {
    strings.reserveCapacity(256)
    arguments.reserveCapacity(FlatObjectScanner.maximumMembers)
  }

  /// Sends the action `line` asks for, if it is one this path takes; `nil` leaves the line to
  /// ``Request``.
  mutating func send(
    _ line: UnsafeBufferPointer<UInt8>, actions: ActionDirectory, host: HostConnection
  ) -> Outcome? {
    guard let spec = intent(of: line, actions: actions) else { return nil }
    strings.removeAll(keepingCapacity: true)
    for member in arguments where member.isString {
      strings.append(contentsOf: line[member.value])
      strings.append(0)
    }
    let status = strings.withUnsafeBufferPointer { strings in
      withUnsafeTemporaryAllocation(of: ttt_value.self, capacity: arguments.count) { values in
        var offset = 0
        for (index, argument) in spec.description.arguments.enumerated() {
          let member = arguments[index]
          var value = ttt_value(type: argument.type.rawValue, string: nil, int32: 0, boolean: false)
          if argument.type == TTT_TYPE_STRING {
            value.string = UnsafeRawPointer(strings.baseAddress! + offset)
              .assumingMemoryBound(to: CChar.self)
            offset += member.value.count + 1
          } else {
            value.int32 = Self.int32(line, member.value)!
          }
          values.initializeElement(at: index, to: value)
        }
        return spec.path.withCString { path in
          host.api.pointee.send_values!(
            host.root, path, values.baseAddress, values.count, MemoryLayout<ttt_value>.stride)
        }
      }
    }
    if status == TTT_OK { return .sent }
    // The id only for a refusal (the scanner still holds the line's members: the host's send
    // calls nothing of this front end back).
    let id = scanner.member(named: "id", in: line)
    return .refused(host.lastError, id: id.map { Self.value(of: $0, in: line) })
  }

  /// The intent `line` sends, if it is a line this path takes (its members are then in the
  /// scanner); `nil` leaves the line to ``Request``.
  mutating func intent(
    of line: UnsafeBufferPointer<UInt8>, actions: ActionDirectory
  ) -> ActionSpec? {
    guard scanner.scan(line),
      let action = scanner.member(named: "action", in: line), action.isString,
      scanner.member(named: "command", in: line) == nil,
      let spec = actions.spec(utf8: UnsafeBufferPointer(rebasing: line[action.value]))
    else { return nil }
    let described = spec.description.arguments
    // Every member is the action, the id or a payload field; a payload field of the
    // declared type for each argument.
    let hasID = scanner.member(named: "id", in: line) != nil
    guard scanner.members.count == 1 + (hasID ? 1 : 0) + described.count else { return nil }
    arguments.removeAll(keepingCapacity: true)
    for (index, argument) in described.enumerated() {
      guard let member = member(spec.fieldsUTF8[index], in: line),
        Self.has(member, of: argument.type, in: line)
      else { return nil }
      arguments.append(member)
    }
    return spec
  }

  /// Whether `member` is of a type this path sends for an argument of `type`: a string, or
  /// an integer within `Int32`.
  private static func has(
    _ member: FlatObjectScanner.Member, of type: ttt_type, in line: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    switch type {
    case TTT_TYPE_STRING: return member.isString
    case TTT_TYPE_INT32: return !member.isString && int32(line, member.value) != nil
    default: return false
    }
  }

  /// The member whose key is the UTF-8 `name`.
  private func member(_ name: [UInt8], in line: UnsafeBufferPointer<UInt8>)
    -> FlatObjectScanner.Member?
  {
    name.withUnsafeBufferPointer { name in
      scanner.members.first { FlatObjectScanner.equal(line, $0.key, name) }
    }
  }

  /// The integer a literal of at most ten digits, with no fraction or exponent, denotes, if
  /// it is within `Int32`; any other literal is left to ``Request``.
  private static func int32(_ line: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int32? {
    let isNegative = line[range.lowerBound] == UInt8(ascii: "-")
    let digits = isNegative ? range.dropFirst() : range[...]
    guard (1...10).contains(digits.count) else { return nil }
    var magnitude: Int64 = 0
    for index in digits {
      let digit = line[index] &- UInt8(ascii: "0")
      guard digit <= 9 else { return nil }
      magnitude = magnitude * 10 + Int64(digit)
    }
    return Int32(exactly: isNegative ? -magnitude : magnitude)
  }

  /// The `id` member's value, for an error event.
  private static func value(
    of member: FlatObjectScanner.Member, in line: UnsafeBufferPointer<UInt8>
  ) -> JSONValue {
    let text = String(decoding: UnsafeBufferPointer(rebasing: line[member.value]), as: UTF8.self)
    return member.isString ? .string(text) : JSONNumber(text).map(JSONValue.number) ?? .string(text)
  }
}
