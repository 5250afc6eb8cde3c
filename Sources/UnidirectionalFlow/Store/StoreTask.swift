/// The effects started by one `send`, to await or cancel them.
///
/// ```swift
/// let task = store.send(.refreshPulled)
/// await task.finish()  // returns when the refresh effect is done
/// ```
///
/// A send made while the store is already processing an action (from an observer, for
/// instance) is queued; its handle tracks nothing.
public struct StoreTask: Hashable, Sendable {
  let rawValue: Task<Void, Never>?

  /// A handle that tracks nothing, made without the cost of ``init(_:)``.
  @usableFromInline static var none: Self { Self(rawValue: nil) }

  /// A handle of `rawValue`.
  init(rawValue: Task<Void, Never>?) { self.rawValue = rawValue }

  init(_ tasks: [Task<Void, Never>]) {
    switch tasks.count {
    case 0:
      rawValue = nil
    case 1:
      rawValue = tasks[0]
    default:
      rawValue = Task {
        await withTaskCancellationHandler {
          for task in tasks { await task.value }
        } onCancel: {
          for task in tasks { task.cancel() }
        }
      }
    }
  }

  /// Cancels the effects.
  public func cancel() { rawValue?.cancel() }

  /// Waits until the effects have finished.
  public func finish() async { await rawValue?.value }

  /// Whether the effects were cancelled.
  public var isCancelled: Bool { rawValue?.isCancelled ?? true }
}
