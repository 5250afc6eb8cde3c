import TicTacToeAppCore
import TicTacToeFrontEndABI
import UnidirectionalFlow

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
    private let embed: @Sendable ([Value]) -> TicTacToe.Action
    private let extract: @Sendable (TicTacToe.Action) -> [Value]?
    private let test: @Sendable (TicTacToe.Action) -> Bool

    /// The intent at `path` (the app action's case path) whose payload crosses as `arguments`:
    /// `values` reads them from a payload, and `payload` makes one from values that
    /// ``make(_:)`` has checked.
    init<Payload>(
      _ casePath: String, _ path: CaseKeyPath<TicTacToe.Action, Payload>, feature: ttt_feature,
      tag: ttt_action_tag?, summary: String, arguments: [Argument],
      values: @escaping @Sendable (Payload) -> [Value],
      payload: @escaping @Sendable ([Value]) -> Payload
    ) {
      let path = TicTacToe.Action.casePath(path)
      self.casePath = casePath
      self.feature = feature
      self.tag = tag
      self.arguments = arguments
      self.summary = summary
      embed = { path.embed(payload($0)) }
      extract = { action in path.extract(from: action).map(values) }
      test = { path.extract(from: $0) != nil }
    }

    /// Whether an argument is a secret (the password), which no message or log may repeat.
    public var isSecret: Bool { arguments.contains(where: \.isSecret) }

    /// Whether `action` is this intent.
    public func matches(_ action: TicTacToe.Action) -> Bool { test(action) }

    /// The argument values of `action`, in call order, or `nil` if it is another intent.
    public func values(of action: TicTacToe.Action) -> [Value]? { extract(action) }

    /// The app action with the argument `values`, once their count, kinds and ranges are
    /// checked against ``arguments``.
    public func make(_ values: [Value]) -> Result<TicTacToe.Action, ArgumentError> {
      guard values.count == arguments.count else {
        return .failure(.count(expected: arguments.count, given: values.count))
      }
      for (argument, value) in zip(arguments, values) {
        if let error = argument.check(value) { return .failure(error) }
      }
      return .success(embed(values))
    }
  }
}
