/// Memory of its own for a state that stores read in place, at an address that never changes.
extension UnsafeMutablePointer {
  /// Memory holding `value`, to be given back with ``free()``.
  static func allocate(with value: Pointee) -> Self {
    let memory = allocate(capacity: 1)
    memory.initialize(to: value)
    return memory
  }

  /// Destroys the value and gives the memory back.
  func free() {
    deinitialize(count: 1)
    deallocate()
  }
}
