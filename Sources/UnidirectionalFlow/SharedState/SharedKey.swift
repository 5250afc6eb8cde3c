/// Where a ``Shared`` value lives, and how it is loaded and saved: `.inMemory("count")`,
/// `.fileStorage(url)`, `.appStorage("isSoundOn")`.
///
/// Two `@Shared` declared with keys of one ``id`` hold one value: a change through either is
/// seen through both, in this process. Write a key of your own to keep a value elsewhere.
public protocol SharedKey<Value>: Sendable {
  /// The type of the value the key stores.
  associatedtype Value: Sendable

  /// What names the stored value: two keys with one `id` share one value.
  var id: String { get }

  /// The stored value, or `nil` when nothing is stored yet, in which case the `@Shared`'s
  /// default value is used (and not saved until it changes). A key that finds something it
  /// cannot read reports an issue, keeps it where the user can get it back, and returns `nil`.
  ///
  /// - Returns: The stored value, or `nil`.
  func load() -> Value?

  /// Stores `value`, after every change made with ``Shared/withLock(_:)``. A key that
  /// cannot store it reports an issue; the value stays current in memory.
  ///
  /// - Parameter value: The value to store.
  func save(_ value: Value)
}
