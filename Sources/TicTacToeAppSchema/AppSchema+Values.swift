extension AppSchema {
  /// An intent's argument values in call order, as read back from an action: at most two
  /// (a cell's row and column), held inline, so that reading them allocates nothing. It runs
  /// for every action the store processes while an action observer is attached (the
  /// JSON-lines `action` event's payload).
  public struct Values: RandomAccessCollection, Equatable, Sendable {
    private let first: Value?
    private let second: Value?
    /// How many values there are.
    public let count: Int

    /// No values: a button's.
    public init() {
      (first, second, count) = (nil, nil, 0)
    }

    /// One value: a text field's.
    public init(_ value: Value) {
      (first, second, count) = (value, nil, 1)
    }

    /// Two values: a cell's row and column.
    public init(_ first: Value, _ second: Value) {
      (self.first, self.second, count) = (first, second, 2)
    }

    /// The position of the first value: 0.
    public var startIndex: Int { 0 }

    /// The position after the last value: ``count``.
    public var endIndex: Int { count }

    /// The value at `position`, which must be below ``count``.
    public subscript(position: Int) -> Value {
      precondition(position >= 0 && position < count, "index out of range")
      return position == 0 ? first! : second!
    }
  }
}
