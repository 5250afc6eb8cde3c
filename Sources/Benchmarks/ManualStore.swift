/// The hand-written baseline of a store: a struct state mutated in place in a final class.
@MainActor
final class ManualStore<Feature: ManualReducer> {
  /// The current state.
  var state: Feature.State

  /// Creates a store holding `initialState`.
  init(initialState: Feature.State) {
    self.state = initialState
  }

  /// Applies `action` to the state; never inlined, as a store's `send` is not.
  @inline(never)
  func send(_ action: Feature.Action) {
    Feature.apply(action, to: &state)
  }
}
