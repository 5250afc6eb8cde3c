import Observation

/// What observation tracking of one store compares after every action the root processes: the
/// identity of its state and of the optional parts and enum cases scoped from it, as last read.
///
/// Fields changed inside the state notify through the state's own registrar (see
/// ``ObservationStateRegistrar``); this covers what no field setter sees: the whole state
/// replaced (a root's reducer assigning `state = State()`, a rewind), a child presented or
/// dismissed, an enum moving to another case. Any such change notifies every tracked reader of
/// the store.
@MainActor
final class StoreObservation<State, Action> {
  /// The registrar the store's tracked reads register with.
  let registrar = ObservationRegistrar()
  /// The key they register, made once: a key path into a generic class is made anew each time
  /// its literal is evaluated, which allocates.
  let keyPath: KeyPath<Store<State, Action>, Int> = \._observedIdentity
  /// What each probe last read, by the scope it was made for (`nil`: the state itself).
  private var probes:
    [(key: ScopeKey?, read: @MainActor () -> ObservableStateID?, last: ObservableStateID?)] = []
  private let observers: ObserverList
  private var checkID = 0

  /// Observation of `store`, compared after every action of its tree, before any other
  /// observer runs.
  init(of store: Store<State, Action>) {
    observers = store.core.root.observers
    checkID = observers.addFirst { [weak self, weak store] in
      guard let self, let store else { return }
      self.compare(store)
    }
  }

  isolated deinit { observers.remove(checkID) }

  /// Starts comparing what `read` returns after every action, once per `key`.
  func probe(_ key: ScopeKey?, _ read: @escaping @MainActor () -> ObservableStateID?) {
    guard !probes.contains(where: { $0.key == key }) else { return }
    probes.append((key, read, read()))
  }

  /// Notifies the store's readers if any probe reads another identity than last time.
  private func compare(_ store: Store<State, Action>) {
    var changed = false
    for index in probes.indices {
      let current = probes[index].read()
      if current != probes[index].last {
        probes[index].last = current
        changed = true
      }
    }
    if changed { registrar.withMutation(of: store, keyPath: keyPath) {} }
  }
}
