import Observation
import Synchronization

/// Runs `apply` now, and again each time something it read through the `Observation` module
/// changes (a field of an ``ObservableState`` read through a store, any `@Observable` value),
/// until the returned token is cancelled or released: a renderer for code with no SwiftUI.
///
/// ```swift
/// let token = observe {
///   label.text = "\(store.count)"   // re-run when count changes, and only then
/// }
/// ```
///
/// When what changed was read through a store, `apply` re-runs right after the store has
/// processed the action that changed it, before `send` returns; any other change re-runs it on
/// the main actor's next turn. Either way it runs once per change, after the change is complete,
/// however many fields the action changed.
///
/// - Parameter apply: The renderer: it reads what it shows and shows it.
/// - Returns: The token that keeps the observation alive; cancel or release it to stop.
@MainActor
public func observe(_ apply: @escaping @MainActor () -> Void) -> ObserveToken {
  let token = ObserveToken(apply)
  token.run()
  return token
}

/// A running ``observe(_:)``: cancelling or releasing it stops the re-runs.
@MainActor
public final class ObserveToken {
  /// The tracking in progress (innermost), which the stores read by it report to.
  static var current: ObserveToken?

  private let apply: @MainActor () -> Void
  /// Set when something read changed and `apply` has not re-run since.
  private let changed = ChangeFlag()
  private var isCancelled = false
  /// The store trees read, with the observer each runs this token's re-run from.
  private var watched: [ObjectIdentifier: (observers: ObserverList, id: Int)] = [:]

  init(_ apply: @escaping @MainActor () -> Void) { self.apply = apply }

  isolated deinit { cancel() }

  /// Stops the re-runs. Calling it again does nothing.
  public func cancel() {
    isCancelled = true
    for (_, watch) in watched { watch.observers.remove(watch.id) }
    watched = [:]
  }

  /// Runs `apply`, tracking what it reads.
  func run() {
    changed.clear()
    let outer = Self.current
    Self.current = self
    defer { Self.current = outer }
    let changed = self.changed
    withObservationTracking {
      ObservedReads.registering(apply)
    } onChange: { [weak self] in
      // One turn at a time: a change a store's action made is mostly re-run before it comes.
      guard changed.set() else { return }
      Task { @MainActor in
        changed.turnTaken()
        self?.rerunIfChanged()
      }
    }
  }

  /// Runs `apply` again if something it read changed since it last ran.
  func rerunIfChanged() {
    if !isCancelled, changed.isSet { run() }
  }

  /// Re-runs `apply` right after each action `root`'s tree processes, if what it read changed.
  func watch(_ root: any StoreRoot) {
    let key = ObjectIdentifier(root)
    guard !isCancelled, watched[key] == nil else { return }
    let id = root.observers.add { [weak self] in self?.rerunIfChanged() }
    watched[key] = (root.observers, id)
  }
}

/// Whether something an ``ObserveToken`` read changed, set wherever the change happened, and
/// whether a re-run on the main actor's next turn is already scheduled.
private final class ChangeFlag: Sendable {
  private let state = Mutex((changed: false, turnScheduled: false))

  var isSet: Bool { state.withLock { $0.changed } }

  /// Records a change; returns whether the caller is to schedule a re-run on the next turn
  /// (none is scheduled yet).
  func set() -> Bool {
    state.withLock { state in
      state.changed = true
      defer { state.turnScheduled = true }
      return !state.turnScheduled
    }
  }

  /// The scheduled turn has come.
  func turnTaken() { state.withLock { $0.turnScheduled = false } }

  /// `apply` is re-running: what it reads from now on is what counts.
  func clear() { state.withLock { $0.changed = false } }
}
