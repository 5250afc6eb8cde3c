/// Collects the buttons of an alert or a confirmation dialog written one per line, with `if`,
/// `if`/`else` and `for` as in any builder:
///
/// ```swift
/// AlertState {
///   TextState("Quit this game?")
/// } actions: {
///   ButtonState(role: .destructive, action: .confirmQuitButtonTapped) { TextState("Quit") }
///   if canSave {
///     ButtonState(action: .saveButtonTapped) { TextState("Save first") }
///   }
/// }
/// ```
@resultBuilder
public enum ButtonStateBuilder<Action> {
  /// One button.
  ///
  /// - Parameter button: The button.
  /// - Returns: A list of that one button.
  public static func buildExpression(_ button: ButtonState<Action>) -> [ButtonState<Action>] {
    [button]
  }

  /// The buttons of the lines of a block, in order.
  ///
  /// - Parameter lines: The buttons of each line.
  /// - Returns: All of them, in order.
  public static func buildBlock(_ lines: [ButtonState<Action>]...) -> [ButtonState<Action>] {
    lines.flatMap { $0 }
  }

  /// The buttons of an `if` without `else`: none when the condition is false.
  ///
  /// - Parameter buttons: The branch's buttons, or `nil` when it was not taken.
  /// - Returns: The buttons, or none.
  public static func buildOptional(_ buttons: [ButtonState<Action>]?) -> [ButtonState<Action>] {
    buttons ?? []
  }

  /// The buttons of the `if` branch.
  ///
  /// - Parameter buttons: The branch's buttons.
  /// - Returns: The same buttons.
  public static func buildEither(first buttons: [ButtonState<Action>]) -> [ButtonState<Action>] {
    buttons
  }

  /// The buttons of the `else` branch.
  ///
  /// - Parameter buttons: The branch's buttons.
  /// - Returns: The same buttons.
  public static func buildEither(second buttons: [ButtonState<Action>]) -> [ButtonState<Action>] {
    buttons
  }

  /// The buttons of every pass of a `for` loop.
  ///
  /// - Parameter passes: The buttons of each pass.
  /// - Returns: All of them, in order.
  public static func buildArray(_ passes: [[ButtonState<Action>]]) -> [ButtonState<Action>] {
    passes.flatMap { $0 }
  }

  /// The buttons of an `if #available` branch.
  ///
  /// - Parameter buttons: The branch's buttons.
  /// - Returns: The same buttons.
  public static func buildLimitedAvailability(_ buttons: [ButtonState<Action>])
    -> [ButtonState<Action>]
  {
    buttons
  }
}
