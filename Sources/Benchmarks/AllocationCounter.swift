import MallocCounter

/// The process's heap allocations, counted exactly by the `MallocCounter` target.
enum AllocationCounter {
  /// The number of allocations the process made so far.
  static var allocations: UInt64 { MallocCounterAllocations() }

  /// Whether allocations made inside the Swift runtime are counted, which they are when the
  /// executable's allocation functions interpose the C library's.
  @MainActor
  static func countsRuntimeAllocations() -> Bool {
    let before = allocations
    // Made by the standard library (a shared library), so it reaches `malloc` the way the
    // library under test does.
    let text = String(repeating: "allocated", count: 16 + Int(CommandLine.argc))
    BlackHole.consume(text.utf8.count)
    return allocations > before
  }
}
