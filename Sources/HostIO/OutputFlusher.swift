/// Flushes every sink written to, once the store thread is done with what it is doing now:
/// the host's "flush before waiting".
///
/// The first write to a sink schedules one flush of all dirty sinks at the end of the main
/// queue, behind the work already queued; everything written until then goes out in one
/// `write` per sink.
///
/// With ``durability`` set, a flush writes only output whose state is durable. The hook
/// starts a save of the state as it is now (or finds one under way) and names it; the bytes
/// each sink holds at that moment wait for that save, and ``durable(through:)`` lets them go.
/// Bytes written after it wait for a later save. So the store thread goes on with the next
/// input while a save is on its way to the disk, and no reader sees a state before it is
/// saved.
@MainActor
public enum OutputFlusher {
  // No exclusivity checks on what every write and flush touches: every access is instantaneous,
  // on the store thread.
  @exclusivity(unchecked) private static var dirty: [OutputSink] = []
  /// The buffer ``flushAll()`` hands to ``dirty`` next, so that marking a sink does not
  /// allocate an array at each turn.
  @exclusivity(unchecked) private static var spareDirty: [OutputSink] = []
  /// Whether a flush job is queued on the store thread. A ``flushAll()`` called directly
  /// leaves it queued: it flushes what is written after, so the next write need not queue
  /// another (`benchmarks host` flushes after every action: a job and an `eventfd` write each).
  @exclusivity(unchecked) private static var isScheduled = false
  /// Bytes of a sink that wait for the save numbered `save`: those before `end`.
  private struct Hold {
    let sink: OutputSink
    let end: Int
    let save: UInt64
  }
  private static var holds: [Hold] = []

  /// Makes durable what the world would see: called before a sink writes, it returns `nil`
  /// when the state shown so far is durable already, or the number of the save under way that
  /// will make it so, which the hook's owner passes to ``durable(through:)`` once that save is
  /// done. It must return at once: the save itself runs elsewhere. Setting it to `nil` lets
  /// every held byte go.
  /// With `now`, the hook waits for the saves instead, and returns `nil`: a process that is
  /// ending or being suspended writes out everything first (``OutputSink/drain(within:)``).
  @exclusivity(unchecked) public static var durability: (@MainActor (_ now: Bool) -> UInt64?)? {
    didSet {
      guard durability == nil else { return }
      durable(through: .max)
    }
  }

  /// Lets `sink` write what is durable, holding the rest for the save that covers it.
  static func admit(_ sink: OutputSink) {
    guard let durability, let save = durability(false) else {
      sink.release(upTo: sink.appendedSoFar)
      return
    }
    if let last = holds.last, last.sink === sink, last.save == save {
      holds[holds.count - 1] = Hold(sink: sink, end: sink.appendedSoFar, save: save)
    } else {
      holds.append(Hold(sink: sink, end: sink.appendedSoFar, save: save))
    }
  }

  /// The saves up to number `save` are done (or failed, and were reported): the output they
  /// held goes out now.
  public static func durable(through save: UInt64) {
    var released: [OutputSink] = []
    holds.removeAll { hold in
      guard hold.save <= save else { return false }
      hold.sink.release(upTo: hold.end)
      if !released.contains(where: { $0 === hold.sink }) { released.append(hold.sink) }
      return true
    }
    for sink in released where !sink.isAdmitting { sink.flush() }
  }

  /// Marks `sink` for the next flush.
  static func schedule(_ sink: OutputSink) {
    if !sink.isScheduled {
      sink.isScheduled = true
      dirty.append(sink)
    }
    guard !isScheduled else { return }
    isScheduled = true
    StoreThread.schedule {
      isScheduled = false
      flushAll()
    }
  }

  /// Flushes every sink written to since the last flush, now.
  public static func flushAll() {
    var sinks = spareDirty
    spareDirty = []
    swap(&sinks, &dirty)
    for sink in sinks {
      sink.isScheduled = false
      sink.flush()
    }
    sinks.removeAll(keepingCapacity: true)
    spareDirty = sinks
  }
}
