import UnidirectionalFlow

/// The allocations a store scoped for the first time costs, against the hand-written scope, and
/// whether scoping the same path again returns the same store for nothing.
///
/// `Store.Scope` and `NestedStore.Scope` time scoping a store again, which returns the store
/// kept the first time (as in the upstream library); this counts what making one costs.
@MainActor
struct NewScopeAllocations {
  /// Allocations of a store scoped one level below a fresh root, and of its hand-written
  /// equivalent.
  let depth1: (library: UInt64, baseline: UInt64)
  /// Allocations of the ten stores scoped down to the leaf of a fresh root, and of their
  /// hand-written equivalent.
  let leaf: (library: UInt64, baseline: UInt64)
  /// Allocations of scoping the same ten levels again.
  let again: UInt64
  /// Whether scoping the same paths again returned the same stores.
  let returnsSameStores: Bool

  /// Counts them.
  static func count() -> NewScopeAllocations {
    // The first scoping of each path in the process makes what the runtime caches (metadata,
    // the paths' tables), which the benchmarks run before may or may not have made: make it
    // on roots of its own, so that the counts below are the same whatever ran first.
    let warmUpRoot = ManualStore<NestedRoot>(initialState: NestedRoot.initialState)
    BlackHole.consume(NestedStores.depth1(of: NestedStores.root()))
    BlackHole.consume(NestedStores.leaf(of: NestedStores.root()))
    BlackHole.consume(NestedStores.manualDepth1(of: warmUpRoot))
    BlackHole.consume(NestedStores.manualLeaf(of: warmUpRoot))
    let root = NestedStores.root()
    let otherRoot = NestedStores.root()
    let manualRoot = ManualStore<NestedRoot>(initialState: NestedRoot.initialState)
    let depth1 = (
      library: allocations { NestedStores.depth1(of: otherRoot) },
      baseline: allocations { NestedStores.manualDepth1(of: manualRoot) }
    )
    let leaf = (
      library: allocations { NestedStores.leaf(of: root) },
      baseline: allocations { NestedStores.manualLeaf(of: manualRoot) }
    )
    let first = NestedStores.leaf(of: root)
    let again = allocations { NestedStores.leaf(of: root) }
    return NewScopeAllocations(
      depth1: depth1, leaf: leaf, again: again,
      returnsSameStores: NestedStores.leaf(of: root) === first
        && NestedStores.depth1(of: root) === NestedStores.depth1(of: root))
  }

  /// The allocations `make` makes, keeping what it returns alive until they are counted.
  private static func allocations(_ make: () -> AnyObject) -> UInt64 {
    let before = AllocationCounter.allocations
    let made = make()
    let after = AllocationCounter.allocations
    BlackHole.consume(made)
    return after - before
  }
}
