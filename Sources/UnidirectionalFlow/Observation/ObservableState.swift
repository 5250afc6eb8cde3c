import Observation

/// A state whose reads and writes the toolchain's `Observation` module can track, field by
/// field; `@ObservableState` conforms a feature's `State` to it.
///
/// Besides `Observable`, such a state has an identity, `_$id`: copies of one value share it,
/// and a value made anew (`State()`, another enum case) has another. A parent compares its
/// children's identities instead of their contents, so a child changed in place notifies only
/// the observers of the fields that changed in it, never those of the parent's field that holds
/// it.
public protocol ObservableState: Observable {
  /// The identity of this value: equal for its copies, different for a value made anew.
  var _$id: ObservableStateID { get }

  /// Where each tracked field keeps its value: `\.email` to `\._email`, `\.$alert` to
  /// `\._alert`. A reducer asking only whether something is presented reads it at its offset,
  /// and a binding writes a field of a state nobody tracks at its offset, instead of
  /// projecting a computed key path on every action.
  static var _$fieldStorage: [AnyKeyPath: AnyKeyPath] { get }
}

extension ObservableState {
  /// No stored tracked fields: what an enum, or a state that declares none, has.
  public static var _$fieldStorage: [AnyKeyPath: AnyKeyPath] { [:] }
}
