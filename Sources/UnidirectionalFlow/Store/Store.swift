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
  /// Where the state is read, and the root's observers and effects.
  @usableFromInline let core: any StoreCore<State, Action>
  /// Where actions go: to the root's queue, embedded level by level on the way.
  @usableFromInline let sink: ActionSink<Action>

  @usableFromInline
  init(core: any StoreCore<State, Action>, sink: @escaping ActionSink<Action>) {
    self.core = core
    self.sink = sink
  }

  /// Creates a root store running `reducer` from `initialState`.
  ///
  /// Dependencies are those current here, changed by `prepareDependencies`; they are fixed for
  /// the life of the store. The reducer is built with them (see ``Reducer``).
  // Inlinable so that the send function is made in the module creating the store, where `R`
  // is known: every send then runs code specialized for the feature's reducers. It pays
  // (`benchmarks core`): Store.Send 11.4 ns with, 205 ns without; NestedStore.Send 108 vs 1020.
  @inlinable
  public convenience init<R: Reducer>(
    initialState: State,
    reducer: () -> R,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil
  ) where R.State == State, R.Action == Action {
    var values = DependencyValues.current
    prepareDependencies?(&values)
    let dependencies = DependencyScope(values)
    let reducer = dependencies.enter { reducer() }
    let core = RootCore<State, Action>(initialState: initialState, dependencies: dependencies)
    let sink: ActionSink<Action> = { core.enqueue($0, origin: $1, reducer: reducer) }
    core.deliver = sink
    self.init(core: core, sink: sink)
  }

  /// Creates a root store running the body of `reducer`, evaluated once, here, with the
  /// store's dependencies (see ``Reducer``).
  // Inlinable for the same reason; it pays: Store.Send 11.6 ns with, 193 ns without.
  @inlinable
  public convenience init<R: Reducer>(
    initialState: State,
    reducer: () -> R,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil
  )
  where
    R.State == State, R.Action == Action, R.Body: Reducer, R.Body.State == State,
    R.Body.Action == Action
  {
    self.init(
      initialState: initialState, reducer: { reducer().body },
      withDependencies: prepareDependencies)
  }

  /// The current state.
  public var state: State { core.state }

  /// Reads one value of the state without copying the rest: `store.read(\.board)`.
  public func read<Value>(_ keyPath: KeyPath<State, Value>) -> Value { core.read(keyPath) }

  /// Reads a value of the state: `store.board`.
  public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    core.read(keyPath)
  }

  /// Sends an action: the reducer runs at once (after any action already being processed) and
  /// the returned handle tracks the effects it started.
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    sink(action, .send)
  }

  /// A store for a part of this one: it reads `toChildState` and sends its actions as
  /// `toChildAction` of this store.
  @inlinable
  public func scope<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState>,
    action toChildAction: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> where Action: CasePathable {
    scoped(action: toChildAction) { $0.scoped(toChildState) }
  }

  /// A store for an optional part of this one, or `nil` while it is absent.
  ///
  /// If the part later goes away, the store keeps returning its last value; actions sent to it
  /// then are ignored by the parent's `ifLet` and reported.
  public func scope<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState?>,
    action toChildAction: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction>? where Action: CasePathable {
    scoped(action: toChildAction) { $0[keyPath: toChildState] }
  }

  /// A store for one case of an enum state, or `nil` while the state is in another case.
  public func scope<ChildState, ChildAction>(
    case toChildState: CaseKeyPath<State, ChildState>,
    action toChildAction: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction>? where State: CasePathable, Action: CasePathable {
    scoped(action: toChildAction, present: State.casePath(toChildState).extract(from:))
  }

  /// A store for a part that may be absent: `nil` while `present` finds none.
  func scoped<ChildState, ChildAction>(
    action toChildAction: CaseKeyPath<Action, ChildAction>,
    present extract: @escaping (State) -> ChildState?
  ) -> Store<ChildState, ChildAction>? where Action: CasePathable {
    guard let initial = extract(core.state) else { return nil }
    return scoped(action: toChildAction) {
      optionalCore(base: $0, extract: extract, initial: initial)
    }
  }

  /// What every `scope` does: a child store whose core `makeCore` makes, sending through an
  /// embedding function made here.
  // Inlined where a store is scoped, so that the embedding closure is made in that module,
  // specialized for the two action types: a send through a deep store then costs a call and
  // an embedding per level, with no generic metadata looked up on the way. It pays, with the
  // key-path `scope`: `benchmarks core` Store.Scope 177 ns with, 239 ns without;
  // NestedStore.Send 108 ns vs 204; NestedStore.Scope 30 allocations vs 39.
  @inlinable
  func scoped<ChildState, ChildAction>(
    action toChildAction: CaseKeyPath<Action, ChildAction>,
    core makeCore: (any StoreCore<State, Action>) -> any StoreCore<ChildState, ChildAction>
  ) -> Store<ChildState, ChildAction> where Action: CasePathable {
    let embed = Action.casePath(toChildAction).embedFunction
    let parent = sink
    return Store<ChildState, ChildAction>(core: makeCore(core)) { parent(embed($0), $1) }
  }

  /// Calls `onChange` with the new state after each processed action that changed this
  /// store's state (as seen through its scope), and never otherwise.
  ///
  /// The observation lasts until the returned subscription is cancelled or released.
  public func subscribe(
    _ onChange: @escaping @MainActor (State) -> Void
  ) -> StoreSubscription where State: Equatable {
    let core = self.core
    var last = core.state
    let observers = core.root.observers
    let id = observers.add {
      let current = core.state
      guard current != last else { return }
      last = current
      onChange(current)
    }
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
    core.observeActions(body)
  }

  /// How many effect tasks of the whole store tree are running.
  public var effectsInFlight: Int { core.root.effectsInFlight }

  /// Returns once no effect of the whole store tree is running, including effects started by
  /// actions those effects send.
  public func awaitEffects() async {
    await core.root.awaitEffects()
  }

  /// Cancels every effect of the whole store tree.
  public func cancelEffects() {
    core.root.cancelEffects()
  }
}
