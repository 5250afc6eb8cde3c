import CFFI

/// A C type that a dynamic call or a typed closure can pass: the types the front-end ABI uses.
public enum CType: Sendable, Hashable, CustomStringConvertible {
  /// `void` (return type only).
  case void
  /// `int32_t`.
  case int32
  /// `uint32_t`.
  case uint32
  /// `bool`.
  case bool
  /// `const char *`: a NUL-terminated UTF-8 string, or `NULL`.
  case string
  /// `void *`: an opaque pointer.
  case pointer

  /// The C spelling, for messages: `int32_t`.
  public var description: String {
    switch self {
    case .void: "void"
    case .int32: "int32_t"
    case .uint32: "uint32_t"
    case .bool: "bool"
    case .string: "const char *"
    case .pointer: "void *"
    }
  }

  /// libffi's descriptor of this type.
  var ffiType: UnsafeMutablePointer<ffi_type> {
    switch self {
    case .void: cffi_type_void()
    case .int32: cffi_type_sint32()
    case .uint32: cffi_type_uint32()
    case .bool: cffi_type_uint8()
    case .string, .pointer: cffi_type_pointer()
    }
  }
}

/// A C function type: `ttt_status (*)(int32_t row, int32_t column)` is
/// `CSignature(returns: .uint32, arguments: [.int32, .int32])`.
public struct CSignature: Sendable, Hashable, CustomStringConvertible {
  /// The return type.
  public var returnType: CType
  /// The argument types, in order.
  public var arguments: [CType]

  /// Describes a C function type.
  public init(returns returnType: CType, arguments: [CType]) {
    self.returnType = returnType
    self.arguments = arguments
  }

  /// `uint32_t (int32_t, int32_t)`.
  public var description: String {
    "\(returnType) (\(arguments.isEmpty ? "void" : arguments.map(\.description).joined(separator: ", ")))"
  }
}

/// A value of a ``CType``.
public enum CValue: Sendable, Hashable {
  /// No value (the result of a `void` function).
  case void
  /// An `int32_t`.
  case int32(Int32)
  /// A `uint32_t`.
  case uint32(UInt32)
  /// A `bool`.
  case bool(Bool)
  /// A string passed as `const char *` (`nil` is `NULL`); copied for the duration of a call.
  case string(String?)
  /// An opaque pointer, as its address.
  case pointer(UInt)

  /// The value's type.
  public var type: CType {
    switch self {
    case .void: .void
    case .int32: .int32
    case .uint32: .uint32
    case .bool: .bool
    case .string: .string
    case .pointer: .pointer
    }
  }
}

/// Why a dynamic call or closure could not be made.
public enum DynamicCallError: Error, Equatable, CustomStringConvertible {
  /// The arguments do not have the types the signature declares.
  case signatureMismatch(expected: CSignature, got: [CType])
  /// libffi refused the signature.
  case preparationFailed(CSignature, status: UInt32)
  /// libffi could not allocate a closure.
  case closureAllocationFailed

  /// One line saying what was wrong.
  public var description: String {
    switch self {
    case .signatureMismatch(let expected, let got):
      "signature mismatch: the function takes (\(expected.arguments.map(\.description).joined(separator: ", "))), "
        + "but was given (\(got.map(\.description).joined(separator: ", ")))"
    case .preparationFailed(let signature, let status):
      "libffi cannot prepare a call of type \(signature) (status \(status))"
    case .closureAllocationFailed:
      "libffi could not allocate a closure"
    }
  }
}
