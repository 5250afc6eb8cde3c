import HostIO

/// The pointers the host has handed out as `ttt_host *` and `ttt_store *`.
///
/// Every routine checks its handle here before using it, so a front end that passes a stale,
/// foreign or garbage pointer gets an error instead of crashing the host. Handed-out objects are
/// kept alive for the life of the process (they are small), which is what makes a pointer kept
/// past detach safe to check.
enum HandleRegistry {
  // Looked up on every call, from any thread; written only when a handle is made.
  private static let live = Lock<[UInt: any AnyObject & Sendable]>([:])

  /// Registers `object` under its opaque pointer and keeps it alive.
  static func register(_ object: AnyObject & Sendable) {
    let key = UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque())
    live.withLock { $0[key] = object }
  }

  /// The object behind `pointer`, if the host handed it out and it has type `T`.
  static func lookup<T: AnyObject>(_ pointer: OpaquePointer?, as type: T.Type) -> T? {
    guard let pointer else { return nil }
    let key = UInt(bitPattern: UnsafeMutableRawPointer(pointer))
    return live.read { $0[key] } as? T
  }
}
