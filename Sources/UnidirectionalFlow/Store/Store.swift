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
public final class Store<State, Action> {
  /// Where the state is read, and the root's observers and effects.
  @usableFromInline let core: any StoreCore<State, Action>
  /// Where actions go: to the root's queue, embedded level by level on the way.
  @usableFromInline let sink: ActionSink<Action>
  /// Where the state lies in the root's memory, if it is stored inline there: reads go
  /// straight to it (see ``InlineState``).
  @usableFromInline let inlineState: InlineState<State>?
  /// The first store scoped from this one and the paths it was scoped with, kept inline: most
  /// stores have one child at most, and a dictionary would allocate for it.
  private var firstChild: (key: ScopeKey, store: AnyObject)?
  /// The other stores scoped from this one, by the paths they were scoped with.
  private var otherChildren: [ScopeKey: AnyObject] = [:]
  /// What observation tracking of this store compares after every action, made on the first
  /// tracked read of an ``ObservableState`` (see `Store+Observation.swift`).
  var observation: AnyObject?

  @usableFromInline
  init(core: any StoreCore<State, Action>, sink: @escaping ActionSink<Action>) {
    self.core = core
    self.sink = sink
    self.inlineState = core.inlineState
  }

  /// Creates a root store running `reducer` from `initialState`.
  ///
  /// Dependencies are those current here, changed by `prepareDependencies`; they are fixed for
  /// the life of the store. The reducer is built with them (see ``Reducer``).
  ///
  /// - Parameters:
  ///   - initialState: The state the store starts from.
  ///   - reducer: Makes the feature's reducer; called once, here, inside the store's
  ///     dependencies.
  ///   - prepareDependencies: Changes the dependencies of the store and of every effect it
  ///     runs: a test's clock, say. `nil` keeps those current here.
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
    // Weak: the core keeps this for its effects' late actions, and must not keep itself.
    core.deliver = { [weak core] in core?.enqueue($0, origin: $1, reducer: reducer) ?? .none }
    self.init(core: core, sink: sink)
  }

  /// Creates a root store running the body of `reducer`, evaluated once, here, with the
  /// store's dependencies (see ``Reducer``).
  ///
  /// - Parameters:
  ///   - initialState: The state the store starts from.
  ///   - reducer: Makes the feature's reducer, whose body is evaluated once, here, inside the
  ///     store's dependencies.
  ///   - prepareDependencies: Changes the dependencies of the store and of every effect it
  ///     runs: a test's clock, say. `nil` keeps those current here.
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
      initialState: initialState, reducer: { reducer().evaluatedBody },
      withDependencies: prepareDependencies)
  }

  // The reads are inlined where the store is read, specialized, so that a literal key path
  // becomes a load at its offset. It pays (`benchmarks core`): Store.Access 31 ns through the
  // core, 3.1 ns inlined; NestedStore.Access 51 vs 3.1 (the hand-written read: 2.2 ns).
  // `@inlinable` alone is not enough: the optimizer then calls a specialized `read`, which
  // needs the key path made on every read (12 ns).

  /// The current state.
  @inlinable @inline(__always)
  public var state: State { address().pointee }

  /// Reads one value of the state without copying the rest: `store.read(\.board)`.
  ///
  /// - Parameter keyPath: The value's path in the state.
  /// - Returns: The value, as the state holds it now.
  @inlinable @inline(__always)
  public func read<Value>(_ keyPath: KeyPath<State, Value>) -> Value {
    address().pointee[keyPath: keyPath]
  }

  /// Reads a value of the state: `store.board`.
  ///
  /// - Parameter keyPath: The value's path in the state, written as a member of the store.
  /// - Returns: The value, as the state holds it now.
  @inlinable @inline(__always)
  public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    address().pointee[keyPath: keyPath]
  }

  /// Where the current state can be read (see ``StoreCore/snapshot()``).
  // One address for every read, so that a read uses its key path once, where a literal one is
  // folded away: with a second use on another branch, the key path is made on every read.
  @inlinable @inline(__always)
  func address() -> UnsafePointer<State> {
    inlineState?.readableAddress ?? core.snapshot()
  }

  /// Sends an action: the reducer runs at once (after any action already being processed) and
  /// the returned handle tracks the effects it started.
  ///
  /// - Parameter action: What happened.
  /// - Returns: A handle on the effects the action started: await its
  ///   ``StoreTask/finish()`` to wait for them, or cancel them. Discard it otherwise.
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    sink(action, .send)
  }

  /// A store for a part of this one: it reads `toChildState` and sends its actions as
  /// `toChildAction` of this store.
  ///
  /// Scoping the same paths again returns the same store.
  ///
  /// - Parameters:
  ///   - toChildState: The path of the child's state in this store's state.
  ///   - toChildAction: The case path of the child's actions in this store's actions.
  /// - Returns: The child's store.
  // Inlinable, so that the child's sink is made in the module scoping the store, specialized
  // for the two action types: a send through a deep store then costs a call and an embedding
  // per level, with no generic metadata looked up on the way. It pays: `benchmarks core`
  // NestedStore.Send 108 ns with, 204 ns without.
  @inlinable
  public func scope<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState>,
    action toChildAction: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> where Action: CasePathable {
    let key = ScopeKey(.field, state: toChildState, action: toChildAction)
    if let child = child(at: key) {
      return unsafeDowncast(child, to: Store<ChildState, ChildAction>.self)
    }
    let core = KeyPathCore(
      parent: core, keyPath: toChildState, upstream: upstream(toChildAction))
    // Capturing the core alone, the sink allocates nothing of its own.
    let child = Store<ChildState, ChildAction>(core: core) { core.upstream.send($0, $1) }
    keep(child, at: key)
    return child
  }

  /// A store for an optional part of this one, or `nil` while it is absent.
  ///
  /// If the part later goes away, the store keeps returning its last value; actions sent to it
  /// then are ignored by the parent's `ifLet` and reported. Scoping the same paths again while
  /// the part is present returns the same store.
  ///
  /// - Parameters:
  ///   - toChildState: The path of the optional child state in this store's state.
  ///   - toChildAction: The case path of the child's actions in this store's actions.
  /// - Returns: The child's store, or `nil` while the state holds no child.
  public func scope<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState?>,
    action toChildAction: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction>? where Action: CasePathable {
    scoped(
      ScopeKey(.optional, state: toChildState, action: toChildAction), action: toChildAction
    ) { $0.snapshot().pointee[keyPath: toChildState] }
  }

  /// A store for one case of an enum state, or `nil` while the state is in another case.
  ///
  /// Scoping the same paths again while the state is in that case returns the same store.
  ///
  /// - Parameters:
  ///   - toChildState: The case path of the child's state in this store's enum state.
  ///   - toChildAction: The case path of the child's actions in this store's actions.
  /// - Returns: The child's store, or `nil` while the state is in another case.
  public func scope<ChildState, ChildAction>(
    case toChildState: CaseKeyPath<State, ChildState>,
    action toChildAction: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction>? where State: CasePathable, Action: CasePathable {
    let casePath = State.casePath(toChildState)
    return scoped(
      ScopeKey(.enumCase, state: toChildState, action: toChildAction), action: toChildAction
    ) { casePath.extract(from: $0.snapshot().pointee) }
  }

  /// The store for a part that may be absent, kept at `key`: `nil` while `extract` finds none.
  func scoped<ChildState, ChildAction>(
    _ key: ScopeKey, action toChildAction: CaseKeyPath<Action, ChildAction>,
    present extract: @escaping @MainActor (any StoreCore<State, Action>) -> ChildState?
  ) -> Store<ChildState, ChildAction>? where Action: CasePathable {
    guard let initial = extract(core) else { return nil }
    if let child = child(at: key) {
      return unsafeDowncast(child, to: Store<ChildState, ChildAction>.self)
    }
    let core = OptionalCore(
      parent: core, extract: extract, initial: initial, upstream: upstream(toChildAction))
    let child = Store<ChildState, ChildAction>(core: core) { core.upstream.send($0, $1) }
    keep(child, at: key)
    return child
  }

  /// How a child's actions reach this store: embedded as `toChildAction`, then sent here.
  @inlinable
  func upstream<ChildAction>(
    _ toChildAction: CaseKeyPath<Action, ChildAction>
  ) -> Upstream<Action, ChildAction> where Action: CasePathable {
    Upstream(sink: sink, embed: Action.casePath(toChildAction).embedFunction)
  }

  /// The store scoped from this one at `key`, if any; a key's paths fix the store's type.
  @usableFromInline
  func child(at key: ScopeKey) -> AnyObject? {
    if let firstChild, firstChild.key == key { return firstChild.store }
    return otherChildren[key]
  }

  /// Keeps `child`, scoped from this one, at `key`, so that scoping the same paths again
  /// returns it.
  @usableFromInline
  func keep(_ child: AnyObject, at key: ScopeKey) {
    if firstChild == nil {
      firstChild = (key, child)
    } else {
      otherChildren[key] = child
    }
  }
}
