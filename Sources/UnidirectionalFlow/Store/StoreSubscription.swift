/// A running observation of a store; cancelling or releasing it stops the observation.
@MainActor
public final class StoreSubscription {
  private var onCancel: (() -> Void)?

  init(onCancel: @escaping () -> Void) { self.onCancel = onCancel }

  /// Stops the observation. Calling it again does nothing.
  public func cancel() {
    onCancel?()
    onCancel = nil
  }

  isolated deinit { cancel() }
}
