import CFFI

#if canImport(Glibc)
  import Glibc
#endif

/// Calls a C function whose signature is known only at run time, as GLib's generic marshaller
/// does: the arguments are checked against the signature first, and a mismatch is refused.
///
/// ```swift
/// let strlen = dlsym(nil, "strlen")!
/// let length = try DynamicCall.call(
///   strlen, signature: CSignature(returns: .uint32, arguments: [.string]), arguments: [.string("abc")])
/// ```
public enum DynamicCall {
  /// Calls `function`, which must have type `signature`, with `arguments`.
  public static func call(
    _ function: UnsafeRawPointer,
    signature: CSignature,
    arguments: [CValue]
  ) throws(DynamicCallError) -> CValue {
    let types = arguments.map(\.type)
    guard types == signature.arguments else {
      throw .signatureMismatch(expected: signature, got: types)
    }
    let interface = try CallInterface(signature)
    // One 8-byte slot per argument holds its value; strings are copied and freed afterwards.
    let slots = UnsafeMutablePointer<UInt64>.allocate(capacity: max(arguments.count, 1))
    let values = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(
      capacity: max(arguments.count, 1))
    var copies: [UnsafeMutablePointer<CChar>] = []
    defer {
      for copy in copies { free(copy) }
      slots.deallocate()
      values.deallocate()
    }
    for (index, argument) in arguments.enumerated() {
      let slot = UnsafeMutableRawPointer(slots + index)
      switch argument {
      case .void: break
      case .int32(let value): slot.storeBytes(of: value, as: Int32.self)
      case .uint32(let value): slot.storeBytes(of: value, as: UInt32.self)
      case .bool(let value): slot.storeBytes(of: value ? 1 : 0, as: UInt8.self)
      case .string(let value):
        let copy = value.flatMap { strdup($0) }
        if let copy { copies.append(copy) }
        slot.storeBytes(of: copy.map { UnsafeRawPointer($0) }, as: UnsafeRawPointer?.self)
      case .pointer(let address):
        slot.storeBytes(of: UnsafeRawPointer(bitPattern: address), as: UnsafeRawPointer?.self)
      }
      values[index] = slot
    }
    // libffi writes integral results of less than a word as a whole `ffi_arg`.
    var result: UInt64 = 0
    ffi_call(
      interface.cif, unsafeBitCast(function, to: (@convention(c) () -> Void).self), &result, values)
    return CValue.decode(result: result, as: signature.returnType)
  }
}

extension CValue {
  /// The value libffi left in a result slot.
  static func decode(result: UInt64, as type: CType) -> CValue {
    switch type {
    case .void: .void
    case .int32: .int32(Int32(truncatingIfNeeded: result))
    case .uint32: .uint32(UInt32(truncatingIfNeeded: result))
    case .bool: .bool(result & 0xFF != 0)
    case .string:
      .string(UnsafePointer<CChar>(bitPattern: UInt(result)).map { String(cString: $0) })
    case .pointer: .pointer(UInt(result))
    }
  }
}
