import Synchronization
import Testing
import UnidirectionalFlow
import UnidirectionalFlowTesting

/// A thread-safe, append-only log that reducers, observers and effects write to, so a test can
/// check what ran and in which order.
final class Recorder<Element: Sendable>: Sendable {
  private let storage = Mutex<[Element]>([])

  /// Everything appended so far, oldest first.
  var entries: [Element] { storage.withLock { $0 } }

  /// Appends `element`.
  func append(_ element: Element) { storage.withLock { $0.append(element) } }
}

/// Yields until `condition` holds and returns whether it did. Bounded by 30 seconds of wall-clock
/// time (a loaded machine may take long to schedule an effect's task), so that a bug fails an
/// expectation instead of hanging the suite; never sleeps.
@discardableResult
func yield(
  until condition: () -> Bool,
  isolation: isolated (any Actor)? = #isolation
) async -> Bool {
  let deadline = ContinuousClock.now.advanced(by: .seconds(30))
  while ContinuousClock.now < deadline {
    if condition() { return true }
    await Task.yield()
  }
  return condition()
}

extension Issue {
  /// Whether this issue carries a comment equal to `message`.
  func hasComment(_ message: String) -> Bool {
    comments.contains { $0.rawValue == message }
  }

  /// Whether this issue carries a comment containing every one of `fragments`.
  func hasComment(containing fragments: String...) -> Bool {
    comments.contains { comment in fragments.allSatisfy { comment.rawValue.contains($0) } }
  }
}
