/// A collection of exactly three elements.
///
/// A row of the board, and the board's rows, are three long by construction instead of by an
/// array's run-time count: `Three<Three<Player?>>` is a 3×3 grid.
///
/// ```swift
/// var row = Three<Player?>(repeating: nil)
/// row[1] = .x
/// row.map { $0?.mark ?? " " }  // [" ", "X", " "]
/// ```
///
/// Indices are `0...2`; like an array, reading or writing another index traps, so callers
/// holding untrusted coordinates check them first.
public struct Three<Element>: RandomAccessCollection, MutableCollection {
  private var element0: Element
  private var element1: Element
  private var element2: Element

  /// Creates the collection `[e0, e1, e2]`.
  public init(_ e0: Element, _ e1: Element, _ e2: Element) {
    self.element0 = e0
    self.element1 = e1
    self.element2 = e2
  }

  /// Creates a collection holding `element` three times.
  public init(repeating element: Element) {
    self.init(element, element, element)
  }

  /// Always `0`.
  public var startIndex: Int { 0 }

  /// Always `3`.
  public var endIndex: Int { 3 }

  /// The element at `position`, which must be in `0...2`.
  public subscript(position: Int) -> Element {
    get {
      switch position {
      case 0: return element0
      case 1: return element1
      case 2: return element2
      default: preconditionFailure("Index \(position) is out of range 0...2 of Three.")
      }
    }
    set {
      switch position {
      case 0: element0 = newValue
      case 1: element1 = newValue
      case 2: element2 = newValue
      default: preconditionFailure("Index \(position) is out of range 0...2 of Three.")
      }
    }
  }
}

extension Three: Equatable where Element: Equatable {}
extension Three: Hashable where Element: Hashable {}
extension Three: Sendable where Element: Sendable {}

extension Three: CustomReflectable {
  /// Reflects as a plain collection, so dumps and diffs show `[0]: ..., [1]: ..., [2]: ...`.
  public var customMirror: Mirror {
    Mirror(self, unlabeledChildren: Array(self), displayStyle: .collection)
  }
}
