/// Where a store reads its state: the root state itself, or a part of a parent's.
@MainActor
@usableFromInline
class StateSource<State> {
  /// The current state.
  var value: State { fatalError("subclass responsibility") }

  /// Reads a part of the state without copying the rest.
  func read<Part>(_ keyPath: KeyPath<State, Part>) -> Part { value[keyPath: keyPath] }

  /// A source for a part of this state. Chains of key paths are joined into one.
  func scoped<Part>(_ keyPath: KeyPath<State, Part>) -> StateSource<Part> {
    KeyPathStateSource(base: self, keyPath: keyPath)
  }
}

/// A part of another source's state reached by a key path.
final class KeyPathStateSource<Base, State>: StateSource<State> {
  let base: StateSource<Base>
  let keyPath: KeyPath<Base, State>

  init(base: StateSource<Base>, keyPath: KeyPath<Base, State>) {
    self.base = base
    self.keyPath = keyPath
  }

  override var value: State { base.read(keyPath) }

  override func read<Part>(_ keyPath: KeyPath<State, Part>) -> Part {
    base.read(self.keyPath.appending(path: keyPath))
  }

  override func scoped<Part>(_ keyPath: KeyPath<State, Part>) -> StateSource<Part> {
    KeyPathStateSource<Base, Part>(base: base, keyPath: self.keyPath.appending(path: keyPath))
  }
}

/// A part of another source's state that may be absent (an optional field or an enum case);
/// while it is absent the last value seen is returned, so a screen being dismissed can still
/// render.
final class OptionalStateSource<Base, State>: StateSource<State> {
  let base: StateSource<Base>
  let extract: (Base) -> State?
  private var last: State

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
