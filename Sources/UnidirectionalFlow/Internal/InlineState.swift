/// The one unsafe path of the stores: where a store's state lies in its root's memory, when it
/// is stored inline there (struct fields all the way down), so that a read projects into it in
/// place instead of going through the store's core.
///
/// A root keeps its state at an address that never changes (see ``RootCore``), and a part
/// reached by a stored property lies at a fixed byte offset from it, resolved once, when the
/// store is scoped. A part with no fixed offset (behind a computed property or a class), or
/// below an optional or a case, has none and is read through its core.
///
/// Measured on `benchmarks core` (`NestedStore.Access`, the leaf's count read ten levels deep):
/// 103 ns through the key path joined at scope time, 50 ns at the offset through the core,
/// 3.1 ns here (the hand-written read: 2.2 ns), where the store's inlinable `read` lets the
/// compiler turn a literal key path into a load at its offset.
///
/// Nothing can write the state during a read: the store tree lives on the main actor, and a
/// read while the reducer runs stops the program (see ``StateGuard``) before the state is
/// touched.
@usableFromInline
struct InlineState<State> {
  /// The root whose memory holds the state, which says whether its reducer is running.
  @usableFromInline let `guard`: StateGuard
  /// Where the state lies.
  @usableFromInline let address: UnsafePointer<State>

  @usableFromInline
  init(guard: StateGuard, address: UnsafePointer<State>) {
    self.guard = `guard`
    self.address = address
  }

  /// The address, once the root says the state can be read.
  @inlinable
  @MainActor
  var readableAddress: UnsafePointer<State> {
    if `guard`.isReducing { `guard`.readWhileReducing() }
    return address
  }

  /// Where the part at `keyPath` lies, if it is stored inline in this state.
  func part<Part>(_ keyPath: KeyPath<State, Part>) -> InlineState<Part>? {
    guard let offset = MemoryLayout<State>.offset(of: keyPath) else { return nil }
    let address = UnsafeRawPointer(address).advanced(by: offset)
    return InlineState<Part>(guard: `guard`, address: address.assumingMemoryBound(to: Part.self))
  }
}

/// What a root store shares with the reads of every store of its tree: whether its reducer is
/// running, with `inout` access to the state.
@MainActor
@usableFromInline
class StateGuard {
  /// Whether the reducer is running; reading the state meanwhile stops the program.
  // No exclusivity checks (see `RootCore`): every access is instantaneous.
  @usableFromInline @exclusivity(unchecked) final var isReducing = false

  @usableFromInline init() {}

  /// Stops the program: the state was read while the reducer was changing it.
  @usableFromInline
  final func readWhileReducing() -> Never {
    preconditionFailure("The state of a store was read while its reducer was running.")
  }
}
