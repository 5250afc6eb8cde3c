/// A JSON object: members in the order they were written, each key at most once.
///
/// Lookups by key are linear for small objects and hashed once an object grows, so both a
/// three-field input line and a ten-thousand-member document stay fast.
///
/// ```swift
/// var object = JSONObject()
/// object.insert(.string("hello"), forKey: "type")  // true
/// object.insert(.null, forKey: "type")             // false: duplicate key
/// object["type"]                                    // .string("hello")
/// ```
public struct JSONObject: Equatable, Sendable {
  /// One `"key": value` member.
  public struct Member: Equatable, Sendable {
    /// The member's name.
    public var key: String
    /// The member's value.
    public var value: JSONValue

    /// Creates a member.
    public init(key: String, value: JSONValue) {
      self.key = key
      self.value = value
    }
  }

  /// The members, in order.
  public private(set) var members: [Member] = []

  /// Positions of the keys, built once the object is too large for linear scans.
  private var positions: [String: Int]?

  /// Objects at most this large are searched linearly.
  private static let linearSearchLimit = 8

  /// An empty object.
  public init() {}

  /// The value of the member named `key`, if any.
  public subscript(key: String) -> JSONValue? {
    guard let position = position(of: key) else { return nil }
    return members[position].value
  }

  /// The keys, in order.
  public var keys: [String] { members.map(\.key) }

  /// The number of members.
  public var count: Int { members.count }

  /// Whether the object has no members.
  public var isEmpty: Bool { members.isEmpty }

  /// Appends a member; returns `false` and changes nothing if `key` is already present.
  @discardableResult
  public mutating func insert(_ value: JSONValue, forKey key: String) -> Bool {
    guard position(of: key) == nil else { return false }
    // Room for a small object's members at once: a request line has two or three, which
    // would otherwise take an allocation each as the array grows.
    if members.isEmpty { members.reserveCapacity(4) }
    members.append(Member(key: key, value: value))
    if positions != nil {
      positions?[key] = members.count - 1
    } else if members.count > Self.linearSearchLimit {
      var positions = [String: Int](minimumCapacity: members.count * 2)
      for (position, member) in members.enumerated() { positions[member.key] = position }
      self.positions = positions
    }
    return true
  }

  /// Objects are equal when they have the same members in the same order.
  public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
    lhs.members == rhs.members
  }

  private func position(of key: String) -> Int? {
    if let positions { return positions[key] }
    return members.firstIndex { $0.key == key }
  }
}
