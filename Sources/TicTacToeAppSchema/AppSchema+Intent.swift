import TicTacToeAppCore
import TicTacToeFrontEndABI

extension AppSchema {
  /// One user intent: what a front end may ask the app to do, with everything each wire form
  /// (the ABI's catalog and tags, JSON-lines, the attach client, the action log) needs to name
  /// it, check its arguments and make the app action.
  public struct Intent: Sendable {
    /// Its name, the action's case path from the root: `newGame.game.cellTapped`.
    public let casePath: String
    /// The screen it belongs to, which must be on top for it to be sent.
    public let feature: ttt_feature
    /// Its `ttt_action_tag`, or `nil` for an intent added after ABI 1.0.
    public let tag: ttt_action_tag?
    /// Its arguments, in call order.
    public let arguments: [Argument]
    /// One line for people.
    public let summary: String
    /// What must be shown for it to be taken, beyond its screen being on top: an alert for its
    /// dismissal; `nil` for an intent its screen always takes.
    public let requirement: Requirement?
    /// The text field it sets, which `edit_text` edits in place; `nil` for an intent that sets
    /// none.
    public let textField: TextField?
    private let embed: @Sendable ((Int) -> Value) -> TicTacToe.Action
    private let extract: @Sendable (TicTacToe.Action) -> Values?
    private let test: @Sendable (TicTacToe.Action) -> Bool

    /// The intent named `casePath` whose payload crosses as `arguments`: `embed` makes its
    /// action from values that ``make(_:)`` has checked, `extract` reads the values back from
    /// an action (`nil` for another intent), and `test` tells, without reading them, whether
    /// an action is this intent. The three are the intent's case path, written out so that
    /// each runs specialized: describing an action runs for every action the store processes.
    init(
      _ casePath: String, feature: ttt_feature, tag: ttt_action_tag?, summary: String,
      requirement: Requirement? = nil, arguments: [Argument], editing textField: TextField? = nil,
      embed: @escaping @Sendable ((Int) -> Value) -> TicTacToe.Action,
      extract: @escaping @Sendable (TicTacToe.Action) -> Values?,
      test: @escaping @Sendable (TicTacToe.Action) -> Bool
    ) {
      self.casePath = casePath
      self.feature = feature
      self.tag = tag
      self.arguments = arguments
      self.summary = summary
      self.requirement = requirement
      self.textField = textField
      self.embed = embed
      self.extract = extract
      self.test = test
    }

    /// Whether an argument is a secret (the password), which no message or log may repeat.
    public var isSecret: Bool { arguments.contains(where: \.isSecret) }

    /// Whether `action` is this intent.
    public func matches(_ action: TicTacToe.Action) -> Bool { test(action) }

    /// The argument values of `action`, in call order, or `nil` if it is another intent.
    public func values(of action: TicTacToe.Action) -> Values? { extract(action) }

    /// The app action with the argument `values`, once their count, kinds and ranges are
    /// checked against ``arguments``.
    public func make(_ values: [Value]) -> Result<TicTacToe.Action, ArgumentError> {
      guard values.count == arguments.count else {
        return .failure(.count(expected: arguments.count, given: values.count))
      }
      return make { values[$0] }
    }

    /// The app action whose argument at each index of ``arguments`` is `value(index)`, once
    /// their kinds and ranges are checked: a wire form reads its values where they are, with no
    /// list in between (a send runs this for every action).
    public func make(_ value: (Int) -> Value) -> Result<TicTacToe.Action, ArgumentError> {
      for (index, argument) in arguments.enumerated() {
        if let error = argument.check(value(index)) { return .failure(error) }
      }
      return .success(embed(value))
    }
  }
}
