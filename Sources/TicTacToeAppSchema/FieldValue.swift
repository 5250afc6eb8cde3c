import TicTacToeFrontEndABI

/// A field's value as a state struct holds it, read back by its C type: what the checks that
/// every wire form carries every field compare.
public enum FieldValue: Equatable, Sendable {
  /// A `TTT_TYPE_STRING`: `nil` for `NULL`.
  case string(String?)
  /// A `TTT_TYPE_BOOL`.
  case bool(Bool)
  /// A `TTT_TYPE_INT32`, `TTT_TYPE_UINT32` or `TTT_TYPE_SIZE`.
  case number(Int)
  /// A `TTT_TYPE_BOARD`, row by row.
  case board([UInt8])
  /// A `TTT_TYPE_STANDINGS`: each standing's name and wins.
  case standings([String], [Int])
}

extension AppSchema.FieldInfo {
  /// The field's value in the state struct at `base`.
  public func value(in base: UnsafeRawPointer) -> FieldValue {
    let at = base + offset
    switch type {
    case TTT_TYPE_STRING:
      return .string(at.load(as: UnsafePointer<CChar>?.self).map { String(cString: $0) })
    case TTT_TYPE_BOOL: return .bool(at.load(as: Bool.self))
    case TTT_TYPE_INT32: return .number(Int(at.load(as: Int32.self)))
    case TTT_TYPE_UINT32: return .number(Int(at.load(as: UInt32.self)))
    case TTT_TYPE_BOARD: return .board((0..<9).map { at.load(fromByteOffset: $0, as: UInt8.self) })
    case TTT_TYPE_STANDINGS:
      let pointer = at.load(as: UnsafePointer<ttt_standing>?.self)
      let count = at.load(fromByteOffset: MemoryLayout<UnsafeRawPointer?>.stride, as: Int.self)
      let standings = (0..<count).map { pointer![$0] }
      return .standings(
        standings.map { String(cString: $0.name) }, standings.map { Int($0.wins) })
    default: return .number(at.load(as: Int.self))
    }
  }
}

extension AppSchema.Field {
  /// The field's value as the C export of `screen` holds it.
  public func exportedValue(of screen: Screen) -> FieldValue {
    let storage = FieldStorage()
    let base = UnsafeMutableRawPointer.allocate(byteCount: structSize, alignment: 16)
    defer { base.deallocate() }
    base.initializeMemory(as: UInt8.self, repeating: 0, count: structSize)
    export(screen, base, storage)
    return withExtendedLifetime(storage) { info.value(in: base) }
  }
}
