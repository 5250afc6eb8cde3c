import TicTacToeFrontEndABI

extension AppSchema {
  /// How a field that says which screen is shown (a `TTT_JSON_PRESENTED` flag, the root's
  /// `active`) reads that screen's values and puts a screen back from them.
  public struct Presentation<Screen>: Sendable {
    /// The shown screen's values, `nil` while none is shown.
    let values: @Sendable (Screen) -> ScreenValues?
    /// Shows the screen of the values (`nil`: none) in the state.
    let restore: @Sendable (inout Screen, ScreenValues?) -> Void
  }

  /// The presentation of a `Child` screen, optional in its parent: `get` and `set` are the
  /// parent's property, `make` creates the child from its values with what its state fixes at
  /// creation, and its other fields are set from the values after.
  static func presenting<Screen, Child>(
    _ feature: ttt_feature, _ fields: @escaping @Sendable () -> [Field<Child>],
    get: @escaping @Sendable (Screen) -> Child?,
    set: @escaping @Sendable (inout Screen, Child?) -> Void,
    make: @escaping @Sendable (ScreenValues) -> Child
  ) -> Presentation<Screen> {
    Presentation(
      values: { screen in get(screen).map { values(of: $0, fields(), feature: feature) } },
      restore: { screen, shown in
        set(&screen, shown.map { restore(make($0), fields(), from: $0) })
      })
  }
}
