import TicTacToeFrontEndABI

/// Keeps alive what one export of a screen's state struct points to: its C strings and the
/// scoreboard's array. The ABI's [until-next-read] lifetime is the life of this object (the
/// host keeps a handle's last export until its next read), or until it is emptied for another
/// export once nobody holds it (``removeAll()``).
///
/// The strings are copied one after the other into a block that never moves, so that a
/// screen's strings cost one allocation, not one each and an array of them.
public final class FieldStorage {
  // No exclusivity checks, here and below: every access is instantaneous, or a copy into a
  // block that calls out to nothing (four checks on every export made again, four on each
  // string).
  /// The block being filled, if any, and how much of it is used.
  @exclusivity(unchecked) private var block: UnsafeMutableBufferPointer<CChar>?
  @exclusivity(unchecked) private var used = 0
  /// The blocks filled before ``block`` (a screen whose strings outgrow one block).
  @exclusivity(unchecked) private var fullBlocks: [UnsafeMutableBufferPointer<CChar>] = []
  @exclusivity(unchecked) private var standings: ContiguousArray<ttt_standing> = []

  /// The size of a block, enough for a screen's strings as typed.
  private static let blockSize = 256

  /// Storage for one export.
  public init() {}

  deinit {
    block?.deallocate()
    for block in fullBlocks { block.deallocate() }
  }

  /// Forgets every string and standing kept so far, keeping the current block for the next
  /// strings: for an export made again into the same storage (a screen's export, or the host's
  /// JSON-lines `state` object once per change), so that it allocates nothing. What was handed
  /// out before is no longer valid.
  public func removeAll() {
    used = 0
    if !fullBlocks.isEmpty {
      for block in fullBlocks { block.deallocate() }
      fullBlocks.removeAll(keepingCapacity: true)
    }
    if !standings.isEmpty { standings.removeAll(keepingCapacity: true) }
  }

  /// A NUL-terminated copy of `string`, alive as long as this object (or until ``removeAll()``).
  func pointer(_ string: String) -> UnsafePointer<CChar> {
    let utf8 = string.utf8
    let size = utf8.count + 1
    if block == nil || block!.count - used < size {
      if let full = block { fullBlocks.append(full) }
      block = .allocate(capacity: max(size, Self.blockSize))
      used = 0
    }
    let start = block!.baseAddress! + used
    UnsafeMutableBufferPointer(start: start, count: size - 1)
      .withMemoryRebound(to: UInt8.self) { _ = $0.initialize(from: utf8) }
    (start + size - 1).initialize(to: 0)
    used += size
    return UnsafePointer(start)
  }

  /// A C array of `standings`, alive as long as this object; `nil` when empty. One export
  /// makes one array.
  func standings(
    _ standings: [(name: String, wins: Int)]
  ) -> UnsafePointer<ttt_standing>? {
    self.standings = ContiguousArray(
      standings.map { ttt_standing(name: pointer($0.name), wins: UInt32(clamping: $0.wins)) })
    guard !self.standings.isEmpty else { return nil }
    return self.standings.withUnsafeBufferPointer { $0.baseAddress! }
  }
}
