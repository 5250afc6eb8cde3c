/// The paths a store was scoped with, under which its parent keeps it: scoping the same paths
/// again returns the same store, as in the upstream library.
///
/// Key paths are equal only if their types are, so a key fixes the type of the store kept
/// under it.
///
/// The hash is the kind and the key paths' types, which equal keys share, rather than the key
/// paths' own hashes, which walk their components: `benchmarks core` Store.Scope (a kept
/// store found in a dictionary) 117 ns with those, 90 ns with these. Two paths of one type
/// from one store share a bucket, and equality tells them apart (identical key paths first, by
/// identity).
@usableFromInline
struct ScopeKey: Hashable {
  /// Which `scope` made the store: the same paths make a store of another type in each.
  @usableFromInline
  enum Kind: Hashable {
    /// `scope(state:action:)` with a key path to a part always present.
    case field
    /// `scope(state:action:)` with a key path to an optional part.
    case optional
    /// `scope(case:action:)`.
    case enumCase
  }

  let kind: Kind
  let state: AnyKeyPath
  let action: AnyKeyPath

  @usableFromInline
  init(_ kind: Kind, state: AnyKeyPath, action: AnyKeyPath) {
    self.kind = kind
    self.state = state
    self.action = action
  }

  @usableFromInline
  func hash(into hasher: inout Hasher) {
    hasher.combine(kind)
    hasher.combine(ObjectIdentifier(type(of: state)))
    hasher.combine(ObjectIdentifier(type(of: action)))
  }
}
