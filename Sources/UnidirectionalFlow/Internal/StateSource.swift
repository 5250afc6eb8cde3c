/// Where a store reads its state: the root state itself, or a part of a parent's.
@MainActor
@usableFromInline
class StateSource<State> {
  /// The current state.
  @usableFromInline var value: State { fatalError("subclass responsibility") }

  /// Reads a part of the state without copying the rest.
  @usableFromInline func read<Part>(_ keyPath: KeyPath<State, Part>) -> Part {
    value[keyPath: keyPath]
  }

  /// Reads a part of the value of type `Field` stored inline at byte `offset` in the state.
  func read<Field, Part>(
    at offset: Int, as field: Field.Type, _ keyPath: KeyPath<Field, Part>
  ) -> Part {
    withUnsafePointer(to: value) { Self.read(at: offset, of: $0, as: field, keyPath) }
  }

  /// Reads a part of the value of type `Field` stored inline at byte `offset` in `state`.
  static func read<Field, Part>(
    at offset: Int, of state: UnsafePointer<State>, as field: Field.Type,
    _ keyPath: KeyPath<Field, Part>
  ) -> Part {
    UnsafeRawPointer(state).advanced(by: offset).assumingMemoryBound(to: Field.self)
      .pointee[keyPath: keyPath]
  }

  /// A source for a part of this state. Chains of key paths are joined into one.
  @usableFromInline
  func scoped<Part>(_ keyPath: KeyPath<State, Part>) -> StateSource<Part> {
    KeyPathStateSource(base: self, keyPath: keyPath)
  }
}

/// A part of another source's state reached by a key path.
///
/// The key path and, for a part stored inline (struct fields all the way), its byte offset in
/// the base state are worked out once, when the store is scoped: reading a value of the part
/// then costs a read of the base at that offset, however deep the part is.
final class KeyPathStateSource<Base, State>: StateSource<State> {
  let base: StateSource<Base>
  let keyPath: KeyPath<Base, State>
  let offset: Int?

  init(base: StateSource<Base>, keyPath: KeyPath<Base, State>) {
    self.base = base
    self.keyPath = keyPath
    self.offset = MemoryLayout<Base>.offset(of: keyPath)
  }

  override var value: State { base.read(keyPath) }

  override func read<Part>(_ keyPath: KeyPath<State, Part>) -> Part {
    if let offset { return base.read(at: offset, as: State.self, keyPath) }
    return base.read(self.keyPath.appending(path: keyPath))
  }

  override func scoped<Part>(_ keyPath: KeyPath<State, Part>) -> StateSource<Part> {
    KeyPathStateSource<Base, Part>(base: base, keyPath: self.keyPath.appending(path: keyPath))
  }
}

/// A part of another source's state that may be absent (an optional field or an enum case);
/// while it is absent the last value seen is returned, so a screen being dismissed can still
/// render.
@usableFromInline
final class OptionalStateSource<Base, State>: StateSource<State> {
  let base: StateSource<Base>
  let extract: (Base) -> State?
  private var last: State

  @usableFromInline
  init(base: StateSource<Base>, extract: @escaping (Base) -> State?, initial: State) {
    self.base = base
    self.extract = extract
    self.last = initial
  }

  override var value: State {
    if let current = extract(base.value) { last = current }
    return last
  }

  /// Whether the part is present now.
  var isPresent: Bool { extract(base.value) != nil }
}
