/// Identifies one presented or collection child, to scope and cancel its effects.
struct NavigationID: Hashable, @unchecked Sendable {
  // Key paths made from literals are immutable and safe to share across threads.
  let path: AnyKeyPath
  let element: AnyHashable?

  init(path: AnyKeyPath, element: AnyHashable? = nil) {
    self.path = path
    self.element = element
  }
}
