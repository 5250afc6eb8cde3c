/// The root feature of the nested benchmarks: ten levels above a ``Counter``.
typealias NestedRoot = Level10

extension Level10 {
  /// The state of a fresh tree, every count zero.
  static var initialState: State {
    State(
      child: .init(
        child: .init(
          child: .init(
            child: .init(
              child: .init(
                child: .init(
                  child: .init(child: .init(child: .init(child: Counter.State())))))))))
    )
  }

  /// The leaf's `increment`, embedded by hand in the ten levels above it.
  static var leafIncrement: Action {
    .child(.child(.child(.child(.child(.child(.child(.child(.child(.child(.increment))))))))))
  }

  /// The leaf's count in `state`.
  static func leafCount(_ state: State) -> Int {
    state.child.child.child.child.child.child.child.child.child.child.count
  }
}
