/// Where benchmark results go, so that the optimizer cannot discard the work that made them.
///
/// Every value folds into ``checksum``, a main-actor global that the program prints at the end;
/// a store into it is a side effect no optimization may remove.
@MainActor
enum BlackHole {
  /// The fold of every consumed value.
  private(set) static var checksum = 0

  /// Consumes a number.
  @inline(never)
  static func consume(_ value: Int) {
    checksum &+= value
  }

  /// Consumes an object by its identity.
  @inline(never)
  static func consume(_ object: AnyObject) {
    checksum &+= ObjectIdentifier(object).hashValue
  }
}
