/// A type-erased, sendable cancellation identifier.
@usableFromInline
struct CancelID: Hashable, @unchecked Sendable {
  // `AnyHashable` is not `Sendable`, but every value stored here was `Sendable` when erased.
  let base: AnyHashable

  init(_ id: some Hashable & Sendable) { self.base = AnyHashable(id) }
}
