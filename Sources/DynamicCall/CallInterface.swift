import CFFI

/// A prepared libffi call interface (`ffi_cif`) for one signature, with the type arrays it
/// points to. Immutable once made, so it can be shared by calls on any thread.
final class CallInterface: @unchecked Sendable {
  // The cif and its arrays are written once in `init` and only read afterwards.
  let signature: CSignature
  let cif: UnsafeMutablePointer<ffi_cif>
  private let argumentTypes: UnsafeMutablePointer<UnsafeMutablePointer<ffi_type>?>

  init(_ signature: CSignature) throws(DynamicCallError) {
    self.signature = signature
    cif = .allocate(capacity: 1)
    argumentTypes = .allocate(capacity: max(signature.arguments.count, 1))
    for (index, type) in signature.arguments.enumerated() {
      argumentTypes[index] = type.ffiType
    }
    let status = ffi_prep_cif(
      cif, FFI_DEFAULT_ABI, UInt32(signature.arguments.count), signature.returnType.ffiType,
      argumentTypes)
    guard status == FFI_OK else {
      cif.deallocate()
      argumentTypes.deallocate()
      throw .preparationFailed(signature, status: status.rawValue)
    }
  }

  deinit {
    cif.deallocate()
    argumentTypes.deallocate()
  }
}
