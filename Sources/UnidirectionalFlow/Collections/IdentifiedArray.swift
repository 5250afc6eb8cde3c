/// An ordered collection of elements with unique identifiers, readable and writable by id.
///
/// The state of a list feature;
/// ``Reducer/forEach(_:action:element:fileID:line:)->ForEachReducer<Self,ID,ElementReducer>``
/// runs an element's reducer on the element an action names.
///
/// ```swift
/// var todos: IdentifiedArrayOf<Todo.State> = [Todo.State(id: 1)]
/// todos[id: 1]?.isComplete = true
/// ```
public struct IdentifiedArray<ID: Hashable, Element> {
  let idOf: KeyPath<Element, ID> & Sendable
  /// The identifiers in order.
  public internal(set) var ids: [ID]
  var elements: [ID: Element]

  /// Creates an array from elements whose identifiers must be unique.
  ///
  /// - Parameters:
  ///   - uniqueElements: The elements, in order; two with one identifier stop the program.
  ///   - id: The path of an element's identifier.
  public init(uniqueElements: some Sequence<Element>, id: KeyPath<Element, ID> & Sendable) {
    self.idOf = id
    self.ids = []
    self.elements = [:]
    for element in uniqueElements {
      let elementID = element[keyPath: id]
      precondition(elements[elementID] == nil, "Duplicate identifier \(elementID)")
      ids.append(elementID)
      elements[elementID] = element
    }
  }

  /// The element with `id`, or `nil`; assigning `nil` removes it, assigning a new id appends.
  ///
  /// - Parameter id: The element's identifier.
  /// - Returns: The element with that identifier, or `nil`.
  public subscript(id id: ID) -> Element? {
    get { elements[id] }
    set {
      if let newValue {
        if elements.updateValue(newValue, forKey: id) == nil { ids.append(id) }
      } else if elements.removeValue(forKey: id) != nil {
        ids.removeAll { $0 == id }
      }
    }
  }

  /// Appends `element` if its identifier is new; returns whether it was inserted.
  ///
  /// - Parameter element: The element to append.
  /// - Returns: `true` if it was appended; `false` if an element with its identifier is
  ///   already there (which is left as it was).
  @discardableResult
  public mutating func append(_ element: Element) -> Bool {
    let elementID = element[keyPath: idOf]
    guard elements[elementID] == nil else { return false }
    ids.append(elementID)
    elements[elementID] = element
    return true
  }

  /// Removes and returns the element with `id`.
  ///
  /// - Parameter id: The identifier of the element to remove.
  /// - Returns: The removed element, or `nil` if there was none with `id`.
  @discardableResult
  public mutating func remove(id: ID) -> Element? {
    let removed = elements.removeValue(forKey: id)
    if removed != nil { ids.removeAll { $0 == id } }
    return removed
  }
}

extension IdentifiedArray where Element: Identifiable, ID == Element.ID {
  /// Creates an array of identifiable elements, whose identifiers must be unique.
  ///
  /// - Parameter uniqueElements: The elements, in order; two with one identifier stop the
  ///   program.
  public init(uniqueElements: some Sequence<Element>) {
    self.init(uniqueElements: uniqueElements, id: \.id)
  }

  /// Creates an empty array.
  public init() {
    self.init(uniqueElements: [], id: \.id)
  }
}

extension IdentifiedArray: ExpressibleByArrayLiteral where Element: Identifiable, ID == Element.ID {
  /// Creates an array from a literal of identifiable elements with unique identifiers.
  ///
  /// - Parameter elements: The elements, in order.
  public init(arrayLiteral elements: Element...) {
    self.init(uniqueElements: elements)
  }
}

extension IdentifiedArray: RandomAccessCollection {
  /// The position of the first element.
  public var startIndex: Int { ids.startIndex }
  /// The position past the last element.
  public var endIndex: Int { ids.endIndex }
  /// The element at `position`.
  ///
  /// - Parameter position: A position from `0` up to the count.
  /// - Returns: The element at that position.
  public subscript(position: Int) -> Element { elements[ids[position]]! }
}

extension IdentifiedArray: Equatable where Element: Equatable {
  /// Equal when the same elements appear in the same order.
  ///
  /// - Parameters:
  ///   - lhs: An array.
  ///   - rhs: Another array.
  /// - Returns: Whether they hold equal elements in the same order.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.ids == rhs.ids && lhs.elements == rhs.elements
  }
}

extension IdentifiedArray: @unchecked Sendable where ID: Sendable, Element: Sendable {}

/// An ``IdentifiedArray`` of `Identifiable` elements.
public typealias IdentifiedArrayOf<Element: Identifiable> = IdentifiedArray<Element.ID, Element>
