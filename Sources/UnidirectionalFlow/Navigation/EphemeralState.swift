/// State presented with no logic of its own, which closes on any of its actions: an
/// ``AlertState`` or a ``ConfirmationDialogState``.
///
/// `ifLet(\.$alert, action: \.alert)` presents any such state without a child reducer.
public protocol EphemeralState<Action> {
  /// The actions its buttons send.
  associatedtype Action
}
