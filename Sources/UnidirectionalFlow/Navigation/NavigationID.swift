/// Identifies one presented or collection child, to scope and cancel its effects.
@usableFromInline
struct NavigationID: Hashable, @unchecked Sendable {
  // Key paths made from literals are immutable and safe to share across threads.
  let path: AnyKeyPath
  let element: AnyHashable?

  init(path: AnyKeyPath, element: AnyHashable? = nil) {
    self.path = path
    self.element = element
  }

  /// The cancellation identifier of the effects of the child at `path` (out of line, for the
  /// inlinable navigation reducers: it allocates, and is needed only when an effect starts or
  /// a child goes away).
  @usableFromInline
  static func cancelID(path: AnyKeyPath) -> CancelID {
    CancelID(NavigationID(path: path))
  }
}
