/// Turns the bytes a terminal sends into ``Key``s, keeping a sequence that was split across
/// reads until the rest arrives.
///
/// A lone `ESC` is ambiguous: the Escape key, or the start of a sequence whose rest is still in
/// flight. The decoder keeps it pending; the caller decides when to give up waiting (when no
/// more input came for a short time: the host's `TTT_INPUT_IDLE`) and calls ``flush()``.
///
/// ```swift
/// var decoder = InputDecoder()
/// decoder.decode([0x1B, 0x5B])  // []: waiting for the rest
/// decoder.decode([0x41])        // [.up]
/// ```
public struct InputDecoder: Sendable {
  /// Bytes of an incomplete sequence, waiting for more input.
  private var pending: [UInt8] = []
  /// Longest escape sequence accepted; longer ones are dropped as garbage.
  private static let maximumSequenceLength = 32

  /// Creates a decoder with nothing pending.
  public init() {}

  /// Whether an incomplete sequence is waiting for more bytes.
  public var hasPendingBytes: Bool { !pending.isEmpty }

  /// How many bytes the incomplete sequence has so far.
  public var pendingByteCount: Int { pending.count }

  /// Decodes `bytes` after whatever was pending; an incomplete sequence at the end stays
  /// pending.
  public mutating func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
    pending.append(contentsOf: bytes)
    return decodePending(isFinal: false)
  }

  /// Decodes what is pending as if no more bytes will come: a lone `ESC` is the Escape key.
  public mutating func flush() -> [Key] {
    decodePending(isFinal: true)
  }

  private mutating func decodePending(isFinal: Bool) -> [Key] {
    var keys: [Key] = []
    var index = 0
    while index < pending.count {
      switch decodeOne(at: index, isFinal: isFinal) {
      case .key(let key, let length):
        keys.append(key)
        index += length
      case .skip(let length):
        index += length
      case .incomplete:
        pending.removeFirst(index)
        return keys
      }
    }
    pending.removeAll(keepingCapacity: true)
    return keys
  }

  private enum Step {
    case key(Key, length: Int)
    case skip(length: Int)
    case incomplete
  }

  private func decodeOne(at index: Int, isFinal: Bool) -> Step {
    let byte = pending[index]
    switch byte {
    case 0x1B: return decodeEscape(at: index, isFinal: isFinal)
    case 0x0D, 0x0A: return .key(.enter, length: 1)
    case 0x09: return .key(.tab, length: 1)
    case 0x7F, 0x08: return .key(.backspace, length: 1)
    case 0x00: return .key(.control(" "), length: 1)
    case 0x01...0x1A:
      return .key(.control(Character(Unicode.Scalar(byte + 0x60))), length: 1)
    case 0x1C: return .key(.quitSignal, length: 1)
    case 0x1D...0x1F: return .key(.unknown, length: 1)
    case 0x20..<0x7F: return .key(.character(Character(Unicode.Scalar(byte))), length: 1)
    default: return decodeUTF8(at: index, isFinal: isFinal)
    }
  }

  private func decodeEscape(at index: Int, isFinal: Bool) -> Step {
    guard index + 1 < pending.count else {
      return isFinal ? .key(.escape, length: 1) : .incomplete
    }
    switch pending[index + 1] {
    case UInt8(ascii: "["): return decodeControlSequence(at: index, isFinal: isFinal)
    case UInt8(ascii: "O"):
      guard index + 2 < pending.count else {
        return isFinal ? .key(.escape, length: 1) : .incomplete
      }
      return .key(Self.key(final: pending[index + 2], parameter: nil), length: 3)
    default:
      // Escape followed by something else: Escape, then that key on its own (Alt-x).
      return .key(.escape, length: 1)
    }
  }

  /// `ESC [ parameters intermediates final`, ECMA-48 section 5.4.
  private func decodeControlSequence(at index: Int, isFinal: Bool) -> Step {
    var end = index + 2
    while end < pending.count, (0x20...0x3F).contains(pending[end]) { end += 1 }
    guard end < pending.count else {
      if isFinal { return .key(.escape, length: 1) }
      return end - index > Self.maximumSequenceLength ? .skip(length: end - index) : .incomplete
    }
    let final = pending[end]
    guard (0x40...0x7E).contains(final) else { return .skip(length: end - index) }
    let parameterBytes = pending[(index + 2)..<end].prefix { (0x30...0x39).contains($0) }
    let parameter = Int(String(decoding: parameterBytes, as: UTF8.self))
    return .key(Self.key(final: final, parameter: parameter), length: end + 1 - index)
  }

  private static func key(final: UInt8, parameter: Int?) -> Key {
    switch final {
    case UInt8(ascii: "A"): .up
    case UInt8(ascii: "B"): .down
    case UInt8(ascii: "C"): .right
    case UInt8(ascii: "D"): .left
    case UInt8(ascii: "H"): .home
    case UInt8(ascii: "F"): .end
    case UInt8(ascii: "Z"): .backTab
    case UInt8(ascii: "M"): .enter
    case UInt8(ascii: "~"):
      switch parameter {
      case 1, 7: .home
      case 2: .insert
      case 3: .delete
      case 4, 8: .end
      case 5: .pageUp
      case 6: .pageDown
      default: .unknown
      }
    default: .unknown
    }
  }

  private func decodeUTF8(at index: Int, isFinal: Bool) -> Step {
    let lead = pending[index]
    let length =
      switch lead {
      case 0xC2...0xDF: 2
      case 0xE0...0xEF: 3
      case 0xF0...0xF4: 4
      default: 0
      }
    guard length > 0 else { return .skip(length: 1) }
    let available = pending.count - index
    let continuation = pending[(index + 1)..<min(index + length, pending.count)]
    if let bad = continuation.firstIndex(where: { $0 & 0xC0 != 0x80 }) {
      return .skip(length: bad - index)
    }
    guard available >= length else { return isFinal ? .skip(length: available) : .incomplete }
    var decoder = UTF8()
    var iterator = pending[index..<(index + length)].makeIterator()
    guard case .scalarValue(let scalar) = decoder.decode(&iterator) else {
      return .skip(length: length)
    }
    return .key(.character(Character(scalar)), length: length)
  }
}
