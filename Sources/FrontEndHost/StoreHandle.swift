/// What a `ttt_store *` points at: a feature scope of one front end's view of the store.
final class StoreHandle: Sendable {
  /// The feature the handle is scoped to.
  let feature: HostFeature
  /// The front end that owns the handle.
  let session: FrontEndSession
  /// The C strings of the last read through this handle. Only touched on the store thread.
  nonisolated(unsafe) let strings = StateExport.Strings()

  init(feature: HostFeature, session: FrontEndSession) {
    self.feature = feature
    self.session = session
    HandleRegistry.register(self)
  }

  /// The pointer handed to the front end.
  var pointer: OpaquePointer { OpaquePointer(Unmanaged.passUnretained(self).toOpaque()) }
}
