import TicTacToeFrontEndABI

/// Keeps alive what one export of a screen's state struct points to: its C strings and the
/// scoreboard's array. The ABI's [until-next-read] lifetime is the life of this object (the
/// host keeps a handle's last export until its next read).
public final class FieldStorage {
  private var strings: [ContiguousArray<CChar>] = []
  private var standings: ContiguousArray<ttt_standing> = []

  /// Storage for one export.
  public init() {}

  /// A NUL-terminated copy of `string`, alive as long as this object.
  func pointer(_ string: String) -> UnsafePointer<CChar> {
    strings.append(ContiguousArray(string.utf8CString))
    return strings[strings.count - 1].withUnsafeBufferPointer { $0.baseAddress! }
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
