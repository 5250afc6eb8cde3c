import Synchronization

/// A binding's write to a field of a state: straight at the field's storage when the state is
/// an ``ObservableState`` nobody tracks, through the field's key path otherwise.
///
/// A tracked field is a computed property, so writing it through its key path is a call into
/// the runtime's computed projection, which allocates a writeback box on every write
/// (`benchmarks app`, `App.LoginEdit`). The offset of the field's storage (see
/// ``ObservableState/_$fieldStorage``) is looked up once per key path and kept.
enum FieldStorageWrite {
  /// Where a field's value is stored in its state, and how to ask whether the state is
  /// tracked. Unchecked: its closure captures nothing but the state's type.
  struct Storage: @unchecked Sendable {
    /// The byte offset of the field's storage in the state.
    let offset: Int
    /// Whether the state at this address may be written at its storage: no tracking may be
    /// watching it (a counted state's change is counted by the call).
    let admitsStraightWrite: (UnsafeRawPointer) -> Bool
  }

  /// A field's key path as a dictionary key. Unchecked: a key path is immutable.
  struct Field: Hashable, @unchecked Sendable {
    /// The field.
    let keyPath: AnyKeyPath
  }

  /// The storages found so far, and the last one asked for.
  private struct Known {
    /// The storage of each field written so far; `nil` for a field that has none of its own
    /// (a plain state's field, a computed property).
    var storages: [Field: Storage?] = [:]
    /// The field asked for last, and its storage: a key path literal is one object, made once,
    /// so a field written again (a form's text, typed a character at a time) is found by
    /// identity, without hashing and comparing the key path's components.
    var last: (field: Field, storage: Storage?)?
  }

  private static let known = Mutex(Known())

  /// Sets the field at `keyPath` of `root` to `value`, at its storage when no tracking watches
  /// `root`, so that its observers, if any, are told.
  ///
  /// - Parameters:
  ///   - value: The new value.
  ///   - keyPath: The field.
  ///   - root: The state whose field is set.
  static func write<Root, Value>(
    _ value: Value, to keyPath: WritableKeyPath<Root, Value>, in root: inout Root
  ) {
    if let storage = storage(of: keyPath) {
      let isWritten = withUnsafeMutablePointer(to: &root) { pointer in
        let state = UnsafeMutableRawPointer(pointer)
        guard storage.admitsStraightWrite(state) else { return false }
        state.advanced(by: storage.offset).assumingMemoryBound(to: Value.self).pointee = value
        return true
      }
      if isWritten { return }
    }
    root[keyPath: keyPath] = value
  }

  /// The storage of the field at `keyPath`, looked up on its first write.
  static func storage<Root, Value>(of keyPath: WritableKeyPath<Root, Value>) -> Storage? {
    let key = Field(keyPath: keyPath)
    let cached: Storage?? = known.withLock { known in
      if let last = known.last, last.field.keyPath === keyPath { return .some(last.storage) }
      guard let storage = known.storages[key] else { return nil }
      known.last = (key, storage)
      return .some(storage)
    }
    if let cached { return cached }
    let found = lookUp(keyPath)
    known.withLock { known in
      known.storages[key] = .some(found)
      known.last = (key, found)
    }
    return found
  }

  /// The storage `Root` declares for the field at `keyPath`, if it is an ``ObservableState``.
  private static func lookUp<Root, Value>(_ keyPath: WritableKeyPath<Root, Value>) -> Storage? {
    func storage<State: ObservableState>(_: State.Type) -> Storage? {
      guard let field = keyPath as? PartialKeyPath<State>,
        let stored = State._$fieldStorage[field] as? WritableKeyPath<Root, Value>,
        let offset = MemoryLayout<Root>.offset(of: stored)
      else { return nil }
      return Storage(
        offset: offset,
        admitsStraightWrite: {
          $0.assumingMemoryBound(to: State.self).pointee._$id.admitsStraightWrite()
        })
    }
    guard let observable = Root.self as? any ObservableState.Type else { return nil }
    return storage(observable)
  }
}
