import TicTacToeAppSchema

/// Each feature's state as last exported for the C ABI, shared by every front end's handles:
/// after a change, the first front end to read a screen fills its struct and copies its
/// strings, and the others get the same struct, so a screen is exported once per change,
/// not once per front end.
///
/// An entry is used again only while the feature's state equals the state it was made from
/// (compared, not assumed from a revision, so a read in any callback sees the state as it is).
/// The root is not exported here: its struct points to no strings and holds the revision, so
/// `read_root` fills it straight.
@MainActor
final class ExportCache {
  /// One feature's export: the struct's bytes, and the C strings it points to, which live as
  /// long as the entry (a handle keeps the entry of its last read: the ABI's
  /// [until-next-read]). Not generic, so that finding it costs no metadata look-up.
  final class Entry {
    let state: FeatureState
    let bytes: [UInt8]
    let strings: FieldStorage

    init(state: FeatureState, bytes: [UInt8], strings: FieldStorage) {
      self.state = state
      self.bytes = bytes
      self.strings = strings
    }
  }

  private var entries: [Entry?] = Array(repeating: nil, count: HostFeature.allCases.count)

  /// The export of `state`, `feature`'s part of the app state: the kept one if it was made
  /// from an equal state, else a new one made by `make` (and kept). `nil` when `make` says the
  /// state is not that feature's.
  func export<Exported>(
    _ feature: HostFeature, _ state: FeatureState,
    _ make: @MainActor (FeatureState, FieldStorage) -> Exported?
  ) -> Entry? {
    let slot = Int(feature.rawValue)
    if let kept = entries[slot], kept.state == state { return kept }
    let strings = FieldStorage()
    guard let value = make(state, strings) else { return nil }
    let entry = Entry(
      state: state, bytes: UncheckedClosures.bytes(of: value), strings: strings)
    entries[slot] = entry
    return entry
  }
}
