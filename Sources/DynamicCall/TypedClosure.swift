import CFFI

/// A C function pointer of a signature chosen at run time, bound to a context: calling it
/// calls `handler` with the decoded arguments. Made with libffi's `ffi_closure`.
///
/// The front-end ABI uses these to give C authors typed senders, such as a
/// `ttt_status (*)(int32_t row, int32_t column)` bound to a store handle, instead of a struct to
/// fill in.
///
/// The closure stays callable for as long as the object lives; the host keeps the ones it hands
/// out for the life of the process.
public final class TypedClosure: @unchecked Sendable {
  // Immutable after init; libffi's closure memory is owned here and released in deinit.
  /// The closure's C type.
  public let signature: CSignature
  /// The code address to call; cast it to the C function type of ``signature``.
  public let functionPointer: UnsafeRawPointer
  private let handler: @Sendable ([CValue]) -> CValue
  private let interface: CallInterface
  private let closure: UnsafeMutablePointer<ffi_closure>

  /// Makes a closure of type `signature` that calls `handler`. `handler` may run on any thread
  /// the C caller calls from; it must return a value of the signature's return type.
  public init(
    signature: CSignature,
    handler: @escaping @Sendable (_ arguments: [CValue]) -> CValue
  ) throws(DynamicCallError) {
    self.signature = signature
    self.handler = handler
    interface = try CallInterface(signature)
    var code: UnsafeMutableRawPointer?
    guard
      let memory = ffi_closure_alloc(MemoryLayout<ffi_closure>.size, &code),
      let code
    else { throw .closureAllocationFailed }
    closure = memory.assumingMemoryBound(to: ffi_closure.self)
    functionPointer = UnsafeRawPointer(code)
    let status = ffi_prep_closure_loc(
      closure, interface.cif, TypedClosure.trampoline,
      Unmanaged.passUnretained(self).toOpaque(), code)
    guard status == FFI_OK else {
      ffi_closure_free(memory)
      throw .preparationFailed(signature, status: status.rawValue)
    }
  }

  deinit { ffi_closure_free(closure) }

  private static let trampoline:
    @convention(c) (
      UnsafeMutablePointer<ffi_cif>?, UnsafeMutableRawPointer?,
      UnsafeMutablePointer<UnsafeMutableRawPointer?>?, UnsafeMutableRawPointer?
    ) -> Void = { _, result, arguments, context in
      guard let result, let context else { return }
      let closure = Unmanaged<TypedClosure>.fromOpaque(context).takeUnretainedValue()
      var decoded: [CValue] = []
      decoded.reserveCapacity(closure.signature.arguments.count)
      for (index, type) in closure.signature.arguments.enumerated() {
        guard let slot = arguments?[index] else {
          decoded.append(.void)
          continue
        }
        switch type {
        case .void: decoded.append(.void)
        case .int32: decoded.append(.int32(slot.load(as: Int32.self)))
        case .uint32: decoded.append(.uint32(slot.load(as: UInt32.self)))
        case .bool: decoded.append(.bool(slot.load(as: UInt8.self) != 0))
        case .string:
          let pointer = slot.load(as: UnsafePointer<CChar>?.self)
          decoded.append(.string(pointer.map { String(cString: $0) }))
        case .pointer:
          decoded.append(.pointer(UInt(bitPattern: slot.load(as: UnsafeRawPointer?.self))))
        }
      }
      let value = closure.handler(decoded)
      // Integral results are returned in a whole `ffi_arg`.
      let word: UInt64 =
        switch value {
        case .int32(let value): UInt64(bitPattern: Int64(value))
        case .uint32(let value): UInt64(value)
        case .bool(let value): value ? 1 : 0
        case .pointer(let address): UInt64(address)
        case .void, .string: 0
        }
      if closure.signature.returnType != .void {
        result.storeBytes(of: word, as: UInt64.self)
      }
    }
}
