/// The one unsafe path of the reducers: a `Scope` changes a field stored inline in its
/// parent's state through the field's address instead of through its key path.
///
/// Measured on `benchmarks core` (`NestedStore.RootSend`, ten scoped levels, with the whole
/// scope in one box): about 1250 ns through the key path (`state[keyPath: keyPath]`, a call
/// into the runtime per level), 64 ns through the address. The key path is still used for a field that has no fixed offset (a
/// computed property, or a field behind a class).
///
/// It is the same in-place mutation the key path would make (copy-on-write storage inside the
/// field is checked by the child as usual), and nothing else can reach `state` meanwhile: it
/// is the scope's `inout` parameter.
@usableFromInline
enum InlineField {
  /// The byte offset of the field at `keyPath` in `Root`, if it is stored inline.
  static func offset<Root, Field>(of keyPath: WritableKeyPath<Root, Field>) -> Int? {
    MemoryLayout<Root>.offset(of: keyPath)
  }

  /// The byte offset in `Root` of the value the field at `keyPath` reads, for a look only
  /// (``isPresent(_:at:in:)``): the field's own, or, for a tracked field of an
  /// ``ObservableState`` (a computed property, `\.twoFactor`), its storage's (`\._twoFactor`),
  /// which holds the same value. Never for a write: a write there would not be tracked.
  static func readOffset<Root, Field>(of keyPath: WritableKeyPath<Root, Field>) -> Int? {
    if let offset = MemoryLayout<Root>.offset(of: keyPath) { return offset }
    func storage<State: ObservableState>(_: State.Type) -> AnyKeyPath? {
      guard let keyPath = keyPath as? PartialKeyPath<State> else { return nil }
      return State._$fieldStorage[keyPath]
    }
    guard let observable = Root.self as? any ObservableState.Type,
      let stored = storage(observable) as? KeyPath<Root, Field>
    else { return nil }
    return MemoryLayout<Root>.offset(of: stored)
  }

  /// The byte offset of the optional child a `@Presents` field holds, `\.$child`, in `Root`:
  /// a `$child` is computed, but in an ``ObservableState`` it names its storage (see
  /// ``ObservableState/_$fieldStorage``), which is read there to ask whether a child is
  /// presented. Such a look registers nothing with observation, which is right for a reducer.
  static func presentedOffset<Root, Wrapped>(
    of keyPath: WritableKeyPath<Root, PresentationState<Wrapped>>
  ) -> Int? {
    func storage<State: ObservableState>(_: State.Type) -> AnyKeyPath? {
      guard let keyPath = keyPath as? PartialKeyPath<State> else { return nil }
      return State._$fieldStorage[keyPath]
    }
    guard let observable = Root.self as? any ObservableState.Type,
      let stored = storage(observable) as? KeyPath<Root, PresentationState<Wrapped>>,
      let offset = MemoryLayout<Root>.offset(of: stored),
      let inWrapper = MemoryLayout<PresentationState<Wrapped>>.offset(of: \.wrappedValue)
    else { return nil }
    return offset + inWrapper
  }

  /// Runs `child` on the field at byte `offset` of `state`.
  @usableFromInline
  static func reduce<Root, Child: Reducer>(
    _ child: borrowing Child, at offset: Int, of state: UnsafeMutablePointer<Root>,
    action: Child.Action
  ) -> Effect<Child.Action> {
    let field = UnsafeMutableRawPointer(state).advanced(by: offset)
      .assumingMemoryBound(to: Child.State.self)
    return child.reduce(into: &field.pointee, action: action)
  }

  /// Whether the optional field at byte `offset` of `state` holds a value: a look at its
  /// address, with no key path projection (a call into the runtime, which looks up generic
  /// metadata and copies the field out).
  @inlinable
  static func isPresent<Root, Wrapped>(
    _: Wrapped.Type, at offset: Int, in state: Root
  ) -> Bool {
    withUnsafePointer(to: state) { state in
      let field = UnsafeRawPointer(state).advanced(by: offset)
        .assumingMemoryBound(to: Wrapped?.self)
      return switch field.pointee {
      case .some: true
      case .none: false
      }
    }
  }
}
