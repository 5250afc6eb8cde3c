extension Store {
  /// Puts a root store's whole state back to `state`, as a time-travelling tool does (an undo,
  /// a debugger's "jump to this state"): the effects in flight are cancelled first, since their
  /// late actions would apply to a state they no longer belong to; then every change observer
  /// is told, as after an action.
  ///
  /// Features never call it: their state changes only through their reducers. A host calls it
  /// with a state the store held before, from its own history. It is not an action, so action
  /// observers see nothing, and calling it on a scoped store, or while the reducer runs, stops
  /// the program.
  ///
  /// - Parameter state: The whole state to put back.
  public func rewind(to state: State) {
    guard let root = core as? RootCore<State, Action> else {
      preconditionFailure("Only a root store can be rewound; this one is scoped.")
    }
    if root.isReducing { root.readWhileReducing() }
    root.cancelEffects()
    root.current.pointee = state
    root.observers.notify()
  }
}
