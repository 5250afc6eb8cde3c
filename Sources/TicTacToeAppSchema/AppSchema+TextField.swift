import TicTacToeFrontEndABI

extension AppSchema {
  /// A text field an intent sets: its `ttt_text_field` number and how to read its value from
  /// its screen's state, so that `edit_text` can edit a field (the password included) that the
  /// front end cannot read.
  public struct TextField: Sendable {
    /// Its number in the ABI.
    public let field: ttt_text_field
    private let read: @Sendable (Any) -> String?

    /// The field numbered `field`, whose value `read` takes from its screen's state.
    init(_ field: ttt_text_field, read: @escaping @Sendable (Any) -> String?) {
      self.field = field
      self.read = read
    }

    /// Its value in `screen`, the state of its intent's screen (`Login.State` for the email),
    /// or `nil` if `screen` is another screen's state.
    public func value(in screen: Any) -> String? { read(screen) }
  }
}
