/// Where a function sends actions: it embeds them, level by level, into the root store's
/// actions and queues them there.
@usableFromInline
typealias ActionSink<Action> = (Action, ActionOrigin) -> StoreTask

/// Where a ``Store`` reads its state, and the root it shares with the stores scoped from it.
///
/// Actions do not go through the core but through the store's ``ActionSink``, a function made
/// where the store was created or scoped, specialized for its types: called through this
/// protocol, the root's queue would run as generic code, which looks up type metadata on every
/// send (a send to a root store measured 180 ns that way, against 12 ns).
///
/// Three kinds conform: the root (``RootCore``: the state, the reducer, the queue and the
/// effects), a part reached by a key path (``KeyPathCore``), and a part that may be absent, an
/// optional or an enum case (``OptionalCore``).
@MainActor
@usableFromInline
protocol StoreCore<State, Action>: AnyObject {
  associatedtype State
  associatedtype Action

  /// Where the state lies in the root's memory, if it is stored inline there; the address
  /// never changes.
  var inlineState: InlineState<State>? { get }

  /// Where the current state can be read: its place in the root's memory, or a copy this core
  /// keeps and refreshes on every call, valid until the next. Stops the program while the
  /// root's reducer runs.
  func snapshot() -> UnsafePointer<State>

  /// The root's observers and effects, shared by every store of the tree.
  var root: any StoreRoot { get }

  /// Calls `body` with every action the root processes; a root core only (see
  /// ``Store/observeActions(_:)``).
  func observeActions(
    _ body: @escaping @MainActor (Action, ActionOrigin) -> Void
  ) -> StoreSubscription
}

/// What a store tree shares whatever the types of its stores: change observers and effects.
@MainActor
@usableFromInline
protocol StoreRoot: AnyObject {
  /// The change observers, notified after every processed action.
  var observers: ObserverList { get }
  /// How many effect tasks are running.
  var effectsInFlight: Int { get }
  /// How many effect tasks are running and not cancelled.
  var uncancelledEffectsInFlight: Int { get }
  /// Returns once no effect is running, including effects started by their actions.
  func awaitEffects() async
  /// Cancels every running effect.
  func cancelEffects()
}

/// The change observers of one store tree, notified after every processed action.
@MainActor
@usableFromInline
final class ObserverList {
  // No exclusivity checks (see `RootCore`): every access is instantaneous.
  @usableFromInline @exclusivity(unchecked) var entries: [(id: Int, check: () -> Void)] = []
  private var nextID = 0

  /// Adds `check`, run after the checks already added; returns its identifier.
  func add(_ check: @escaping () -> Void) -> Int {
    nextID += 1
    entries.append((nextID, check))
    return nextID
  }

  /// Adds `check`, run before every other: observation compares identities there, before
  /// any renderer re-runs.
  func addFirst(_ check: @escaping () -> Void) -> Int {
    nextID += 1
    entries.insert((nextID, check), at: 0)
    return nextID
  }

  func remove(_ id: Int) { entries.removeAll { $0.id == id } }

  /// Runs every observer's check; without observers, costs one comparison where it is inlined.
  // Inlinable because it pays: `benchmarks core` Store.Send 11.4 ns with, 12.3 ns without.
  @inlinable
  func notify() {
    if !entries.isEmpty { notifyAll() }
  }

  /// Runs every observer's check.
  @usableFromInline
  func notifyAll() {
    for entry in entries { entry.check() }
  }
}
