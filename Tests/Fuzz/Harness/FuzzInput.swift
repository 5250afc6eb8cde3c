/// Reads typed values off a fuzz input, front to back. Past the end, every read returns zero
/// (or an empty slice), so a short input is still a complete, deterministic scenario.
public struct FuzzInput {
  private let bytes: UnsafeBufferPointer<UInt8>
  private var index = 0

  /// Reads `bytes`, which must outlive the reader.
  public init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// Whether every byte was read.
  public var isAtEnd: Bool { index >= bytes.count }

  /// The next byte.
  public mutating func byte() -> UInt8 {
    guard index < bytes.count else { return 0 }
    defer { index += 1 }
    return bytes[index]
  }

  /// The next byte as a choice among `count` (`count > 0`).
  public mutating func choice(_ count: Int) -> Int { Int(byte()) % count }

  /// The next four bytes, little-endian.
  public mutating func uint32() -> UInt32 {
    var value: UInt32 = 0
    for shift in stride(from: 0, to: 32, by: 8) { value |= UInt32(byte()) << UInt32(shift) }
    return value
  }

  /// The next four bytes as a signed integer.
  public mutating func int32() -> Int32 { Int32(bitPattern: uint32()) }

  /// The next `count` bytes (fewer at the end of the input).
  public mutating func slice(_ count: Int) -> UnsafeBufferPointer<UInt8> {
    let end = min(bytes.count, index + max(0, count))
    let start = min(index, end)
    index = end
    return UnsafeBufferPointer(rebasing: bytes[start..<end])
  }
}

/// C strings made from slices of a fuzz input, each in its own allocation of exactly its length
/// plus the terminating NUL (so AddressSanitizer catches any read past it), freed together.
public final class CStringPool {
  private var strings: [UnsafeMutablePointer<CChar>] = []

  /// An empty pool.
  public init() {}

  deinit { removeAll() }

  /// A NUL-terminated copy of `bytes` (which may hold NULs of their own), valid until
  /// ``removeAll()``.
  public func string(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafePointer<CChar> {
    let string = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
    for (offset, byte) in bytes.enumerated() { string[offset] = CChar(bitPattern: byte) }
    string[bytes.count] = 0
    strings.append(string)
    return UnsafePointer(string)
  }

  /// A NUL-terminated copy of `text`.
  public func string(_ text: String) -> UnsafePointer<CChar> {
    var text = text
    return text.withUTF8 { string($0) }
  }

  /// A string of `length` bytes repeating `unit` (or `x`), for the host's length limits.
  public func repeated(_ unit: UnsafeBufferPointer<UInt8>, length: Int) -> UnsafePointer<CChar> {
    let pattern = unit.isEmpty ? [UInt8(ascii: "x")] : Array(unit)
    let bytes = (0..<length).map { pattern[$0 % pattern.count] }
    return bytes.withUnsafeBufferPointer { string($0) }
  }

  /// Frees every string.
  public func removeAll() {
    for string in strings { string.deallocate() }
    strings.removeAll(keepingCapacity: true)
  }
}

/// Stops the process with a message libFuzzer records as a crash (with the input that caused
/// it): a broken invariant, not a Swift runtime trap, so the report says which one.
public func fuzzFailure(_ message: String, file: StaticString = #fileID, line: UInt = #line)
  -> Never
{
  fatalError("fuzz invariant broken: \(message)", file: file, line: line)
}
