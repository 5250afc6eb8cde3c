import HostIO

/// The handles the host has handed out as `ttt_host *`, `ttt_store *` and `ttt_output *`.
///
/// A handle is not an address but an id: a slot of a table and the slot's generation, packed in
/// the pointer's bits (generation in the high 32, slot in the low 32; a generation starts at 1, so
/// no handle is NULL). Every routine checks its handle here before using it, with an array index
/// and a compare, so a front end that passes a stale, foreign or garbage pointer gets an error
/// instead of crashing the host.
///
/// When a front end is detached its handles are retired: the slot lets go of the object and its
/// generation moves on, so the slot serves a later handle while the old id, never handed out
/// again, still answers as a retired one (`TTT_ERR_DETACHED`, as the header promises a handle
/// kept past detach does). A retired handle costs nothing, so a host whose clients come and go
/// for weeks keeps as many slots as it ever had handles at once.
///
/// Handles are made and retired on the store thread only (front ends attach, ask for handles
/// and open outputs in `[store-thread]` routines, and are detached there), so the store thread,
/// where nearly every call is made, reads the table without the lock: no other thread writes
/// it meanwhile. Other threads (the `[thread-safe]` routines) read it under the read lock,
/// which keeps them apart from the store thread's writes.
enum HandleRegistry {
  /// A handle's id: its slot and generation, as the bits of the pointer a front end holds.
  struct ID: Sendable, Equatable {
    fileprivate let slot: UInt32
    fileprivate let generation: UInt32

    /// The id of the handle `pointer`.
    fileprivate init(_ pointer: OpaquePointer) {
      let bits = UInt(bitPattern: UnsafeRawPointer(pointer))
      slot = UInt32(truncatingIfNeeded: bits)
      generation = UInt32(truncatingIfNeeded: bits >> 32)
    }

    fileprivate init(slot: UInt32, generation: UInt32) {
      self.slot = slot
      self.generation = generation
    }

    /// The pointer handed to the front end.
    var pointer: OpaquePointer { OpaquePointer(bitPattern: UInt(generation) << 32 | UInt(slot))! }
  }

  /// What a pointer a front end passed turned out to be.
  enum Found<T> {
    /// A live handle of the expected type.
    case live(T)
    /// A handle of a front end that was detached since.
    case retired
    /// Not a handle the host handed out, or one of another type.
    case unknown
  }

  private struct Slot {
    /// The generation of the handle in the slot, or of the next one when it is free.
    var generation: UInt32
    var object: (any AnyObject & Sendable)?
    /// Whether the handle of this generation was handed out and not yet retired.
    var isInUse: Bool
  }

  private struct Table {
    /// Slot 0 is never given out: its generation 1 is the handle ``retired`` hands out.
    var slots = [Slot(generation: 2, object: nil, isInUse: false)]
    var free: [UInt32] = []
    var liveCount = 0
  }

  // Read on every call, from any thread; written when a handle is made or retired, on the
  // store thread only, under the write lock. Other threads read it under the read lock; the
  // store thread reads it without (see the type's comment).
  private static let table = Lock(Table())

  /// A handle that answers as retired: what `root` and `scope` give a detached front end.
  static var retired: OpaquePointer { ID(slot: 0, generation: 1).pointer }

  /// How many handles are live now (for tests and the trace).
  static var liveCount: Int { read(onStoreThread: isStoreThread()) { $0.liveCount } }

  /// A new handle, which answers as unknown until ``fill(_:with:)`` gives it its object (an
  /// object takes its handle in its initializer, before it can hand itself over).
  static func reserve() -> ID {
    change { table in
      table.liveCount += 1
      if let slot = table.free.popLast() {
        table.slots[Int(slot)].isInUse = true
        return ID(slot: slot, generation: table.slots[Int(slot)].generation)
      }
      table.slots.append(Slot(generation: 1, object: nil, isInUse: true))
      return ID(slot: UInt32(table.slots.count - 1), generation: 1)
    }
  }

  /// Makes `object` what the reserved `id` stands for.
  static func fill(_ id: ID, with object: any AnyObject & Sendable) {
    let (slot, generation) = (id.slot, id.generation)
    change { table in
      guard table.slots[Int(slot)].generation == generation else { return }
      table.slots[Int(slot)].object = object
    }
  }

  /// Retires `id`: the object is let go, and the handle answers as retired from now on.
  static func retire(_ id: ID) {
    let (slot, generation) = (id.slot, id.generation)
    change { table in
      guard Int(slot) < table.slots.count, slot != 0,
        table.slots[Int(slot)].generation == generation, table.slots[Int(slot)].isInUse
      else { return }
      table.liveCount -= 1
      table.slots[Int(slot)].object = nil
      table.slots[Int(slot)].isInUse = false
      // A slot whose generations ran out is never used again, so no id comes back.
      guard generation < UInt32.max else { return }
      table.slots[Int(slot)].generation = generation + 1
      table.free.append(slot)
    }
  }

  /// What `pointer` is: a live handle of type `T`, a retired handle, or neither.
  static func find<T: AnyObject>(_ pointer: OpaquePointer?, as type: T.Type) -> Found<T> {
    find(pointer, as: type, onStoreThread: isStoreThread())
  }

  /// ``find(_:as:)`` for a caller that already asked whether it runs on the store thread
  /// (`onStoreThread`): every routine asks once, for this and for its thread rule.
  @inline(__always)
  static func find<T: AnyObject>(
    _ pointer: OpaquePointer?, as type: T.Type, onStoreThread: Bool
  ) -> Found<T> {
    find(pointer, as: type, onStoreThread: onStoreThread) { $0 }
  }

  /// ``find(_:as:)`` on the store thread, for a caller that uses the object only while the
  /// table still holds it (it retires no handle meanwhile, and calls into nothing that could):
  /// the object as the table holds it, not retained.
  @inline(__always)
  static func findHeld<T: AnyObject>(_ pointer: OpaquePointer?, as type: T.Type) -> Found<
    Unmanaged<T>
  > {
    find(pointer, as: type, onStoreThread: true) { Unmanaged.passUnretained($0) }
  }

  /// What `pointer` is, a live handle's object handed to `live` while the table is read.
  @inline(__always)
  private static func find<T: AnyObject, Live>(
    _ pointer: OpaquePointer?, as type: T.Type, onStoreThread: Bool, _ live: (T) -> Live
  ) -> Found<Live> {
    guard let pointer else { return .unknown }
    let (slot, generation) = (ID(pointer).slot, ID(pointer).generation)
    return read(onStoreThread: onStoreThread) { table in
      guard Int(slot) < table.slots.count, generation != 0 else { return .unknown }
      let entry = table.slots[Int(slot)]
      // (A slot whose generations ran out keeps its last one, retired.)
      if generation < entry.generation || (generation == .max && !entry.isInUse) {
        return .retired
      }
      guard generation == entry.generation, let object = entry.object as? T else {
        return .unknown
      }
      return .live(live(object))
    }
  }

  /// The object behind `pointer`, if it is a live handle of type `T`.
  static func lookup<T: AnyObject>(_ pointer: OpaquePointer?, as type: T.Type) -> T? {
    guard case .live(let object) = find(pointer, as: type) else { return nil }
    return object
  }

  /// Reads the table: as it is on the store thread (`onStoreThread`), which is the only one
  /// that writes it; under the read lock on any other.
  @inline(__always)
  private static func read<R>(onStoreThread: Bool, _ body: (borrowing Table) -> R) -> R {
    if onStoreThread { return body(table.valueOnItsOnlyWriter) }
    return table.read { body($0) }
  }

  /// Changes the table, on the store thread, under the write lock (other threads may be
  /// reading it). Checked in release builds too: the store thread reads the table without the
  /// lock, so a change from another thread would corrupt it silently. Handles are made and
  /// retired rarely (attach, a first `root` or `scope`, `open_output`, detach), so the check
  /// costs nothing measurable.
  private static func change<R>(_ body: (inout Table) -> R) -> R {
    precondition(isStoreThread(), "handles are made and retired on the store thread")
    return table.withLock { body(&$0) }
  }
}
