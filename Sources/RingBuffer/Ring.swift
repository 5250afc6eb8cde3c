/// The last `capacity` elements appended, oldest first: once it is full, an append overwrites
/// the oldest element in place, so appending costs the same however many it holds (no shifting,
/// no allocation after the first `capacity` appends).
///
/// The host's state history and the `jsonl` front end's history of `state` events both keep
/// their last `TTT_REWIND_REVISIONS` entries in one.
///
/// ```swift
/// var ring = Ring<Int>(capacity: 2)
/// ring.append(1); ring.append(2); ring.append(3)
/// Array(ring)  // [2, 3]
/// ```
///
/// Inlinable, so that it is specialized for its element where it is used.
public struct Ring<Element>: RandomAccessCollection {
  /// The most elements kept.
  public let capacity: Int
  @usableFromInline var storage: [Element] = []
  /// The slot of the oldest element once the storage is full (0 until then).
  @usableFromInline var oldest = 0

  /// An empty ring that keeps at most `capacity` elements (at least one).
  @inlinable
  public init(capacity: Int) {
    precondition(capacity > 0, "a ring keeps at least one element")
    self.capacity = capacity
  }

  /// Appends `element`, dropping the oldest one if the ring is full.
  @inlinable
  public mutating func append(_ element: Element) {
    if storage.count < capacity {
      if storage.isEmpty { storage.reserveCapacity(capacity) }
      storage.append(element)
    } else {
      storage[oldest] = element
      oldest = oldest + 1 == capacity ? 0 : oldest + 1
    }
  }

  /// Position 0 is the oldest element kept.
  @inlinable
  public var startIndex: Int { 0 }
  /// One past the newest element.
  @inlinable
  public var endIndex: Int { storage.count }

  /// The element at `position`, counted from the oldest kept.
  @inlinable
  public subscript(position: Int) -> Element {
    precondition(position >= 0 && position < storage.count, "index out of range")
    let slot = oldest + position
    return storage[slot < storage.count ? slot : slot - storage.count]
  }
}
