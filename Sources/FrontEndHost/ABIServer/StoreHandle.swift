/// What a `ttt_store *` points at: a feature scope of one front end's view of the store.
final class StoreHandle: Sendable {
  /// The feature the handle is scoped to.
  let feature: HostFeature
  /// The front end that owns the handle.
  let session: AttachedFrontEnd
  /// The export of the last read through this handle, kept so that the C strings its struct
  /// points to live until the next read. Only touched on the store thread.
  nonisolated(unsafe) var lastExport: AnyObject?

  /// Its handle's id in ``HandleRegistry``.
  let id = HandleRegistry.reserve()
  /// The pointer handed to the front end.
  var pointer: OpaquePointer { id.pointer }

  init(feature: HostFeature, session: AttachedFrontEnd) {
    self.feature = feature
    self.session = session
    HandleRegistry.fill(id, with: self)
  }
}
