import Observation

/// A store is `Observable`: reading an ``ObservableState`` through it (`store.count`, an
/// optional child's `scope`, `store.case`) registers with the tracking in progress
/// (`withObservationTracking`, ``observe(_:)``), which then fires only when what was read
/// changes.
extension Store: Observable {
  /// What tracked reads of the store register: the identity of its state and of its optional
  /// and enum-case parts (see ``StoreObservation``).
  nonisolated var _observedIdentity: Int { 0 }
}

extension Store where State: ObservableState {
  /// Reads a value of the state, `store.count`, registering the read with the observation
  /// tracking in progress: the field itself, and the identity of the state.
  ///
  /// - Parameter keyPath: The value in the state.
  /// - Returns: The value.
  // Inlined where the store is read, as the unobserved reads are (see `Store.state`): a
  // literal key path then becomes a call of the field's getter.
  @inlinable @inline(__always)
  public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    accessState()
    return ObservedReads.registering { address().pointee[keyPath: keyPath] }
  }

  /// Reads one value of the state, registering the read as `store.count` does.
  ///
  /// - Parameter keyPath: The value in the state.
  /// - Returns: The value.
  @inlinable @inline(__always)
  public func read<Value>(_ keyPath: KeyPath<State, Value>) -> Value {
    accessState()
    return ObservedReads.registering { address().pointee[keyPath: keyPath] }
  }

  /// A store for an optional part of this one, or `nil` while it is absent; the read is
  /// registered, so tracking fires when the part is presented, dismissed or replaced.
  ///
  /// - Parameters:
  ///   - toChildState: The optional child state in this store's state.
  ///   - toChildAction: The case of this store's action that carries the child's actions.
  /// - Returns: The child's store, or `nil` while the child state is `nil`.
  public func scope<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState?>,
    action toChildAction: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction>? where Action: CasePathable {
    let key = ScopeKey(.optional, state: toChildState, action: toChildAction)
    let core = self.core
    accessState(probing: key) {
      core.snapshot().pointee[keyPath: toChildState].map(ObservableStateID._$id(for:))
    }
    return scoped(key, action: toChildAction) { $0.snapshot().pointee[keyPath: toChildState] }
  }

  /// A store for one case of an enum state, or `nil` while the state is in another case; the
  /// read is registered, so tracking fires when the state moves to another case.
  ///
  /// - Parameters:
  ///   - toChildState: The case of this store's state that holds the child state.
  ///   - toChildAction: The case of this store's action that carries the child's actions.
  /// - Returns: The child's store, or `nil` while the state is in another case.
  public func scope<ChildState, ChildAction>(
    case toChildState: CaseKeyPath<State, ChildState>,
    action toChildAction: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction>? where State: CasePathable, Action: CasePathable {
    let key = ScopeKey(.enumCase, state: toChildState, action: toChildAction)
    let casePath = State.casePath(toChildState)
    let core = self.core
    accessState(probing: key) {
      casePath.extract(from: core.snapshot().pointee).map(ObservableStateID._$id(for:))
    }
    return scoped(key, action: toChildAction) { casePath.extract(from: $0.snapshot().pointee) }
  }

  /// Registers a read of this store with the tracking in progress, comparing the state's
  /// identity after every action from now on, and what `probe` reads too, if given.
  @usableFromInline
  func accessState(
    probing key: ScopeKey? = nil, _ probe: (@MainActor () -> ObservableStateID?)? = nil
  ) {
    let observation = trackedObservation()
    if let key, let probe { observation.probe(key, probe) }
    observation.registrar.access(self, keyPath: observation.keyPath)
    ObserveToken.current?.watch(core.root)
  }

  /// This store's observation, made on the first tracked read.
  private func trackedObservation() -> StoreObservation<State, Action> {
    if let observation { return unsafeDowncast(observation, to: StoreObservation.self) }
    let made = StoreObservation(of: self)
    let core = self.core
    made.probe(nil) { core.snapshot().pointee._$id }
    observation = made
    return made
  }
}
