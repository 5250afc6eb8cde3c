/// A ``SharedKey`` whose loading and saving can fail with an error, which ``Shared/load()``,
/// ``Shared/save()`` throw and ``Shared/loadError`` keeps: `.fileStorage` and `.appStorage`.
///
/// Its ``SharedKey/load()`` and ``SharedKey/save(_:)`` report the same failures as issues.
protocol FallibleSharedKey<Value>: SharedKey {
  /// The stored value, or `nil` when nothing is stored yet.
  func loadOrThrow() throws -> Value?
  /// Stores `value`.
  func saveOrThrow(_ value: Value) throws
}

extension SharedKey {
  /// The stored value, or `nil`; a key that can fail throws why, a key that cannot reports it
  /// itself (as ``load()`` does).
  func attemptLoad() throws -> Value? {
    guard let fallible = self as? any FallibleSharedKey<Value> else { return load() }
    return try fallible.loadOrThrow()
  }

  /// Stores `value`; a key that can fail throws why, a key that cannot reports it itself.
  func attemptSave(_ value: Value) throws {
    guard let fallible = self as? any FallibleSharedKey<Value> else { return save(value) }
    try fallible.saveOrThrow(value)
  }

  /// The stored value, or `nil` (with an issue reported and the error returned) when it cannot
  /// be loaded: what a new `@Shared` of the key starts from.
  func loadReportingFailure() -> (value: Value?, failure: (any Error)?) {
    do {
      return (try attemptLoad(), nil)
    } catch {
      reportIssue("\(error); the default value is used.")
      return (nil, error)
    }
  }
}
