import TicTacToeAppCore
import TicTacToeFrontEndABI

extension AppSchema {
  /// A field of an intent's screen that must be set (a string not `NULL`, a flag `true`) for
  /// the intent to be taken, and the refusal while it is not: an alert's dismissal needs the
  /// alert's title.
  public struct Requirement: Sendable {
    /// The field's C name: `alert_title`.
    public let field: String
    /// Why the intent is refused while the field is not set, for people.
    public let refusal: String

    init(_ field: String, _ refusal: String) {
      self.field = field
      self.refusal = refusal
    }
  }
}

extension AppSchema.Intent {
  /// Why `state` does not take this intent although its screen is on top (the alert it
  /// dismisses is not shown), or `nil` when it does.
  public func refusal(in state: TicTacToe.State) -> String? {
    guard let requirement,
      let screen = AppSchema.screen(feature, in: AppSchema.values(of: state))
    else { return nil }
    switch screen.values[requirement.field] {
    case .string(.some)?, .bool(true)?: return nil
    default: return requirement.refusal
    }
  }
}

extension AppSchema {
  /// The values of `feature`'s screen among `root` and the screens it presents, if shown.
  static func screen(_ feature: ttt_feature, in root: ScreenValues) -> ScreenValues? {
    if root.feature == feature { return root }
    for shown in root.presented.values {
      if let screen = screen(feature, in: shown) { return screen }
    }
    return nil
  }
}
