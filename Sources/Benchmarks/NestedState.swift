/// The state of one level of the nested benchmark tree: a count of its own and its child's
/// state.
struct NestedState<ChildState> {
  /// How many times this level was incremented.
  var count = 0
  /// The child's state.
  var child: ChildState
}
