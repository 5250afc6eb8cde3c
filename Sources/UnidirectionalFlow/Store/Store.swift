/// The runtime of a feature: it holds the state, runs the reducer for every action, runs the
/// effects, and tells observers when the state they read changed.
///
/// ```swift
/// let store = Store(initialState: Login.State()) {
///   Login()
/// } withDependencies: {
///   $0.authenticationClient = .live
/// }
/// store.send(.view(.loginButtonTapped))
/// let twoFactorStore = store.scope(state: \.twoFactor, action: \.twoFactor.presented)
/// ```
///
/// ## Threading model
/// A store and every store scoped from it live on the main actor: all state reads and every
/// reducer run happen there, one action at a time, so state needs no lock. Code on other threads
/// sends with `await store.send(...)` (the compiler enforces the hop), and effects send through
/// ``Send``, which hops for them. A send made while the store is processing an action (from an
/// observer, say) is queued and processed after the current one, in order, never recursively.
@MainActor
@dynamicMemberLookup
public final class Store<State, Action: Sendable> {
  @usableFromInline let source: StateSource<State>
  @usableFromInline let sink: ActionSink<Action>
  @usableFromInline let observers: ObserverList
  @usableFromInline let root: AnyObject

  @usableFromInline
  init(
    source: StateSource<State>, sink: @escaping ActionSink<Action>, observers: ObserverList,
    root: AnyObject
  ) {
    self.source = source
    self.sink = sink
    self.observers = observers
    self.root = root
  }

  /// Creates a root store running `reducer` from `initialState`.
  ///
  /// Dependencies are those current here, changed by `prepareDependencies`; they are fixed for
  /// the life of the store.
  @inlinable
  public convenience init<R: Reducer>(
    initialState: State,
    reducer: () -> R,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil
  ) where R.State == State, R.Action == Action {
    var dependencies = DependencyValues.current
    prepareDependencies?(&dependencies)
    let core = StoreCore(initialState: initialState, reducer: reducer(), dependencies: dependencies)
    // Made here, in the module creating the store, so that sends run code specialized for `R`.
    self.init(
      source: core, sink: { core.enqueue($0, origin: $1) }, observers: core.observers, root: core
    )
  }

  /// The current state.
  public var state: State { source.value }

  /// Reads one value of the state without copying the rest: `store.read(\.board)`.
  public func read<Value>(_ keyPath: KeyPath<State, Value>) -> Value { source.read(keyPath) }

  /// Reads a value of the state: `store.board`.
  public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    source.read(keyPath)
  }

  /// Sends an action: the reducer runs at once (after any action already being processed) and
  /// the returned handle tracks the effects it started.
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    sink(action, .send)
  }

  /// A store for a part of this one: it reads `toChildState` and sends its actions as
  /// `toChildAction` of this store.
  // Inlined where it is called, so that the case key path (usually a literal) is resolved at
  // compile time and the embedding closure is made specialized for the two action types.
  @inlinable @inline(__always)
  public func scope<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState>,
    action toChildAction: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> where Action: CasePathable {
    Store<ChildState, ChildAction>(
      source: source.scoped(toChildState),
      sink: mappedSink(sink, Action.casePath(toChildAction).embedFunction),
      observers: observers, root: root)
  }

  /// A store for an optional part of this one, or `nil` while it is absent.
  ///
  /// If the part later goes away, the store keeps returning its last value; actions sent to it
  /// then are ignored by the parent's `ifLet` and reported.
  @inlinable
  public func scope<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState?>,
    action toChildAction: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction>? where Action: CasePathable {
    guard let initial = source.read(toChildState) else { return nil }
    return Store<ChildState, ChildAction>(
      source: OptionalStateSource(
        base: source, extract: { $0[keyPath: toChildState] }, initial: initial),
      sink: mappedSink(sink, Action.casePath(toChildAction).embedFunction),
      observers: observers, root: root)
  }

  /// A store for one case of an enum state, or `nil` while the state is in another case.
  @inlinable
  public func scope<ChildState, ChildAction>(
    case toChildState: CaseKeyPath<State, ChildState>,
    action toChildAction: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction>? where State: CasePathable, Action: CasePathable {
    let casePath = State.casePath(toChildState)
    guard let initial = casePath.extract(from: source.value) else { return nil }
    return Store<ChildState, ChildAction>(
      source: OptionalStateSource(base: source, extract: casePath.extract(from:), initial: initial),
      sink: mappedSink(sink, Action.casePath(toChildAction).embedFunction),
      observers: observers, root: root)
  }

  /// Calls `onChange` with the new state after each processed action that changed this
  /// store's state (as seen through its scope), and never otherwise.
  ///
  /// The observation lasts until the returned subscription is cancelled or released.
  public func subscribe(
    _ onChange: @escaping @MainActor (State) -> Void
  ) -> StoreSubscription where State: Equatable {
    var last = source.value
    let source = self.source
    let id = observers.add {
      let current = source.value
      guard current != last else { return }
      last = current
      onChange(current)
    }
    let observers = self.observers
    return StoreSubscription { observers.remove(id) }
  }
}

extension Store {
  /// Calls `body` with every action the root store processes, after the reducer ran and
  /// before change observers are told; `origin` tells a sent action from an effect's.
  ///
  /// Only a root store (not a scoped one) reports actions: a host uses it to log or echo them.
  public func observeActions(
    _ body: @escaping @MainActor (Action, ActionOrigin) -> Void
  ) -> StoreSubscription {
    guard let core = root as? any ActionObservable<Action> else {
      preconditionFailure("observeActions is available on a root store only.")
    }
    return core.addActionObserver(body)
  }

  /// How many effect tasks of the whole store tree are running.
  public var effectsInFlight: Int { (root as! any EffectTracking).effectsInFlight }

  /// Returns once no effect of the whole store tree is running, including effects started by
  /// actions those effects send.
  public func awaitEffects() async {
    await (root as! any EffectTracking).awaitEffects()
  }

  /// Cancels every effect of the whole store tree.
  public func cancelEffects() {
    (root as! any EffectTracking).cancelEffects()
  }
}

/// A root core that reports processed actions.
@MainActor
protocol ActionObservable<Action>: AnyObject {
  associatedtype Action
  func addActionObserver(_ body: @escaping @MainActor (Action, ActionOrigin) -> Void)
    -> StoreSubscription
}

/// A root core whose effects can be counted, awaited and cancelled.
@MainActor
protocol EffectTracking: AnyObject {
  var effectsInFlight: Int { get }
  func awaitEffects() async
  func cancelEffects()
}

extension StoreCore: ActionObservable, EffectTracking {
  func addActionObserver(
    _ body: @escaping @MainActor (Action, ActionOrigin) -> Void
  ) -> StoreSubscription {
    let id = (actionObservers.map(\.id).max() ?? 0) + 1
    actionObservers.append((id, body))
    return StoreSubscription { [weak self] in self?.actionObservers.removeAll { $0.id == id } }
  }

  var effectsInFlight: Int { runtime.runningCount }

  func awaitEffects() async {
    while runtime.runningCount > 0 { await runtime.waitUntilIdle() }
  }

  func cancelEffects() { runtime.cancelAll() }
}
