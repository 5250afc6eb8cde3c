extension IdentifiedArray {
  /// Inserts `element` at `index` if its identifier is new; otherwise leaves the array as it is.
  /// Returns whether it was inserted and where the element with its identifier now is.
  ///
  /// - Parameters:
  ///   - element: The element to insert.
  ///   - index: Where to insert it, from `0` through the count.
  /// - Returns: Whether it was inserted, and the position of the element with its identifier.
  @discardableResult
  public mutating func insert(_ element: Element, at index: Int) -> (inserted: Bool, index: Int) {
    let elementID = element[keyPath: idOf]
    if let existing = ids.firstIndex(of: elementID) { return (false, existing) }
    precondition(index >= 0 && index <= ids.count, "Index \(index) out of bounds")
    ids.insert(elementID, at: index)
    elements[elementID] = element
    return (true, index)
  }

  /// Removes the elements at the given positions (an `IndexSet` from a list's delete gesture,
  /// say).
  ///
  /// - Parameter offsets: The positions of the elements to remove.
  public mutating func remove(atOffsets offsets: some Sequence<Int>) {
    for offset in Set(offsets).sorted(by: >) {
      elements.removeValue(forKey: ids.remove(at: offset))
    }
  }

  /// Moves the elements at `source` so that they come just before the element that was at
  /// `destination` (or at the end when `destination` is the count), keeping their order.
  ///
  /// - Parameters:
  ///   - source: The positions of the elements to move.
  ///   - destination: The position they go before, from `0` through the count.
  public mutating func move(fromOffsets source: some Sequence<Int>, toOffset destination: Int) {
    let moving = Set(source)
    let moved = moving.sorted().map { ids[$0] }
    let before = ids[..<destination].indices.filter { !moving.contains($0) }.map { ids[$0] }
    let after = ids[destination...].indices.filter { !moving.contains($0) }.map { ids[$0] }
    ids = before + moved + after
  }
}
