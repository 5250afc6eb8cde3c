/// The identifier of an element of a navigation stack, stable for as long as it is pushed.
public struct StackElementID: Hashable, Sendable, Comparable, CustomStringConvertible,
  ExpressibleByIntegerLiteral
{
  /// The position in the order elements were pushed, counting from 0 for each stack.
  public let rawValue: Int

  /// Creates an identifier; tests write them as integer literals.
  ///
  /// - Parameter value: The identifier's number.
  public init(integerLiteral value: Int) { self.rawValue = value }

  /// Orders identifiers by when their elements were pushed.
  ///
  /// - Parameters:
  ///   - lhs: An identifier.
  ///   - rhs: Another identifier.
  /// - Returns: Whether `lhs`'s element was pushed before `rhs`'s.
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

  /// `#0`, `#1`, ...
  public var description: String { "#\(rawValue)" }
}

/// The state of a navigation stack: the screens pushed so far, each with a stable identifier.
///
/// ```swift
/// var path = StackState<Path.State>()
/// path.append(.detail(Detail.State()))  // gets id #0
/// ```
public struct StackState<Element> {
  private var elements: IdentifiedArray<StackElementID, Entry>
  private var nextID = 0

  private struct Entry: @unchecked Sendable {
    // Sendable exactly when `Element` is; `StackState` only claims Sendable in that case.
    let id: StackElementID
    var element: Element
  }

  /// Creates an empty stack.
  public init() {
    self.elements = IdentifiedArray(uniqueElements: [], id: \.id)
  }

  /// Creates a stack holding `elements`, bottom first.
  ///
  /// - Parameter elements: The elements, bottom first; they get the identifiers `#0`, `#1`,
  ///   and so on.
  public init(_ elements: some Sequence<Element>) {
    self.elements = IdentifiedArray(uniqueElements: [], id: \.id)
    for element in elements { append(element) }
  }

  /// The identifiers, bottom first.
  public var ids: [StackElementID] { elements.ids }

  /// The identifier the next pushed element gets.
  public var nextElementID: StackElementID { StackElementID(integerLiteral: nextID) }

  /// Pushes `element` on top; it gets ``nextElementID``.
  ///
  /// - Parameter element: The element to push.
  public mutating func append(_ element: Element) {
    let id = nextElementID
    nextID += 1
    elements.append(Entry(id: id, element: element))
  }

  /// The element with `id`, or `nil`; assigning `nil` removes it.
  ///
  /// - Parameter id: The element's identifier.
  /// - Returns: The element with that identifier, or `nil`.
  public subscript(id id: StackElementID) -> Element? {
    get { elements[id: id]?.element }
    set {
      if let newValue {
        elements[id: id]?.element = newValue
      } else {
        elements.remove(id: id)
      }
    }
  }

  /// Removes the element with `id` and every element above it.
  ///
  /// - Parameter id: The identifier of the lowest element to remove; an identifier not in
  ///   the stack removes nothing.
  public mutating func pop(from id: StackElementID) {
    guard let index = elements.ids.firstIndex(of: id) else { return }
    for removed in elements.ids[index...] { elements.remove(id: removed) }
  }

  /// Removes the top element and returns it.
  ///
  /// - Returns: The element that was on top, or `nil` for an empty stack.
  @discardableResult
  public mutating func popLast() -> Element? {
    guard let id = elements.ids.last else { return nil }
    return elements.remove(id: id)?.element
  }

  mutating func push(_ element: Element, id: StackElementID) {
    elements.append(Entry(id: id, element: element))
    nextID = Swift.max(nextID, id.rawValue + 1)
  }
}

extension StackState: RandomAccessCollection {
  /// The position of the bottom element.
  public var startIndex: Int { elements.startIndex }
  /// The position past the top element.
  public var endIndex: Int { elements.endIndex }
  /// The element at `position`, counting from the bottom.
  ///
  /// - Parameter position: A position from `0` (the bottom) up to the count.
  /// - Returns: The element at that position.
  public subscript(position: Int) -> Element { elements[position].element }
}

extension StackState: Equatable where Element: Equatable {
  /// Equal when the same elements have the same identifiers, bottom to top.
  ///
  /// - Parameters:
  ///   - lhs: A stack.
  ///   - rhs: Another stack.
  /// - Returns: Whether they hold equal elements under the same identifiers, in the same order.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.ids == rhs.ids && lhs.elementsEqual(rhs)
  }
}

extension StackState: Sendable where Element: Sendable {}
