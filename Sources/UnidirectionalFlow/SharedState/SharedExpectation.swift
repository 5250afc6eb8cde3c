import Synchronization

/// The shared values a test store's assertion expects, while it runs: ``Shared`` reads and
/// changes these instead of the live values (see ``SharedSnapshot/expect(_:)``).
final class SharedExpectation: Sendable {
  /// One shared reference and the value expected of it.
  struct Entry: Sendable {
    let reference: any AnySharedReference
    var value: any Sendable
  }

  let entries: Mutex<[ObjectIdentifier: Entry]>

  init(_ entries: [ObjectIdentifier: Entry]) {
    self.entries = Mutex(entries)
  }

  /// The expectation of the assertion running in this task, if any.
  @TaskLocal static var current: SharedExpectation?

  /// The value expected of `reference`, or `nil` when the assertion has not said.
  subscript(reference: any AnySharedReference) -> (any Sendable)? {
    get { entries.withLock { $0[ObjectIdentifier(reference)]?.value } }
    set {
      guard let newValue else { return }
      entries.withLock {
        $0[ObjectIdentifier(reference)] = Entry(reference: reference, value: newValue)
      }
    }
  }
}
