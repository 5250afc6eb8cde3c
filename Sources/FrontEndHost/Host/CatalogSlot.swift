import HostIO

/// The host's user intents with their C mirror for reflection, made at their first read.
///
/// The standard catalog (the schema's intents, their indexes and their reflection table)
/// costs about 0.8 M instructions, a twentieth of the host's start-up, and the first screen
/// needs none of it: a front end reads it when it sends or lists an intent. So it is made then,
/// under the lock, by whichever thread asks first. Read from any thread (a front end may send
/// from anywhere).
final class CatalogSlot: Sendable {
  /// The catalog and its reflection table.
  typealias Contents = (actions: ActionCatalog, table: ReflectionTable)

  private let contents = Lock<Contents?>(nil)

  /// Reads the catalog, alongside other readers, making it first if it is not made yet.
  /// `body` must not take the lock again.
  func read<Result>(_ body: (Contents) -> Result) -> Result {
    if let result = contents.read({ $0.map(body) }) { return result }
    contents.withLock { if $0 == nil { $0 = Self.standard() } }
    return contents.read { body($0!) }
  }

  /// Changes the catalog under the write lock, making it first if it is not made yet.
  func withLock<Result>(_ body: (inout Contents) -> Result) -> Result {
    contents.withLock { slot in
      var made = slot ?? Self.standard()
      slot = nil
      defer { slot = made }
      return body(&made)
    }
  }

  private static func standard() -> Contents {
    (ActionCatalog.standard, ReflectionTable(ActionCatalog.standard))
  }
}
