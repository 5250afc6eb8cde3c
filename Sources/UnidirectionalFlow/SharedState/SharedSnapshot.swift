/// The shared values a state holds, as of a moment: what a test store checks a step's changes
/// of shared state against.
///
/// A ``Shared`` value is a reference, so the state a test store remembers from its last
/// assertion sees later changes too; the snapshot keeps the values. A test store takes one of
/// the state after each assertion, runs the next assertion inside ``expect(_:)`` (so that
/// `$0.$count.withLock { $0 = 1 }` there changes the snapshot, never the value the feature
/// sees), then reports every ``differences()`` as a failure.
public struct SharedSnapshot: Sendable {
  private var entries: [ObjectIdentifier: SharedExpectation.Entry] = [:]

  /// The values of the shared references `state` holds, found by reflection (in stored
  /// properties, enum payloads and collections, at any depth).
  ///
  /// - Parameter state: The state to search.
  public init(of state: Any) {
    var visited: Set<ObjectIdentifier> = []
    collect(state, visited: &visited)
  }

  private mutating func collect(_ value: Any, visited: inout Set<ObjectIdentifier>) {
    if let holder = value as? any SharedHolder {
      let reference = holder.anyReference
      entries[ObjectIdentifier(reference)] = .init(
        reference: reference, value: reference.liveValue)
      return
    }
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .class {
      guard visited.insert(ObjectIdentifier(value as AnyObject)).inserted else { return }
    }
    for child in mirror.children { collect(child.value, visited: &visited) }
    var superclass = mirror.superclassMirror
    while let ancestor = superclass {
      for child in ancestor.children { collect(child.value, visited: &visited) }
      superclass = ancestor.superclassMirror
    }
  }

  /// Runs `assertion` with ``Shared/withLock(_:)`` (and reads of a shared value) working on
  /// this snapshot's values instead of the live ones.
  ///
  /// - Parameter assertion: The assertion, which changes the expected shared values.
  /// - Returns: What `assertion` returns.
  public mutating func expect<R>(_ assertion: () throws -> R) rethrows -> R {
    let expectation = SharedExpectation(entries)
    defer { entries = expectation.entries.withLock { $0 } }
    return try SharedExpectation.$current.withValue(expectation) { try assertion() }
  }

  /// For each shared value whose live value is not the one in this snapshot, the key and a
  /// line diff (`−` expected, `+` actual).
  ///
  /// - Returns: The differences, sorted; empty when every shared value is as expected.
  public func differences() -> [String] {
    entries.values.compactMap { entry in
      let live = entry.reference.liveValue
      guard !areEqual(entry.value, live) else { return nil }
      let diff = lineDiff(expected: stateDump(entry.value), actual: stateDump(live)) ?? ""
      return "\(entry.reference.description)\n\n\(diff)"
    }.sorted()
  }
}

/// A type that holds a ``SharedReference``: ``Shared``.
protocol SharedHolder {
  var anyReference: any AnySharedReference { get }
}
