/// The one unsafe path of the store cores: a store scoped to a part stored inline in the root
/// state (struct fields all the way down) reads it at its byte offset in the root's state, in
/// place, instead of through the key path joined when it was scoped.
///
/// Measured on `benchmarks core` (`NestedStore.Access`, the leaf's count read ten levels
/// deep): 103 ns through the joined key path (the runtime walks its ten components, and the
/// leaf's state is copied out before `\.count` is applied), 50 ns at the offset. A part with no
/// fixed offset (behind a computed property or a class), or below an optional or a case, is
/// read through its key path.
///
/// Nothing can write the root's state during the read: the store tree lives on the main actor,
/// and a read while the reducer runs stops the program (see ``RootCore/readWhileReducing()``)
/// before the address is taken.
struct InlineRead<Root, RootAction: Sendable, Part> {
  let root: RootCore<Root, RootAction>
  let offset: Int

  /// The fast read of the part at `keyPath` of `root`'s state, if it is stored inline there.
  init?(root: RootCore<Root, RootAction>?, keyPath: KeyPath<Root, Part>) {
    guard let root, let offset = MemoryLayout<Root>.offset(of: keyPath) else { return nil }
    self.root = root
    self.offset = offset
  }

  /// Reads a value of the part.
  @MainActor
  func read<Value>(_ keyPath: KeyPath<Part, Value>) -> Value {
    if root.isReducing { root.readWhileReducing() }
    return withUnsafePointer(to: &root.current) { Self.read(at: offset, of: $0, keyPath) }
  }

  /// Reads `keyPath` of the part stored at byte `offset` of `state`.
  static func read<Value>(
    at offset: Int, of state: UnsafePointer<Root>, _ keyPath: KeyPath<Part, Value>
  ) -> Value {
    UnsafeRawPointer(state).advanced(by: offset).assumingMemoryBound(to: Part.self)
      .pointee[keyPath: keyPath]
  }
}
