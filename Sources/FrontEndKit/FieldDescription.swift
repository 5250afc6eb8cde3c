import TicTacToeFrontEndABI

/// A state field as the host describes it at run time (ABI 1.1 reflection, with its
/// JSON-lines member from 1.3): what lets a front end show or encode a field it does not know
/// by name, including ones added to the app after it was written.
public struct FieldDescription: Equatable {
  /// The feature whose state struct holds it.
  public var feature: ttt_feature
  /// Its C name: `email`, `password_length`, `board`.
  public var name: String
  /// Its C type.
  public var type: ttt_type
  /// Its offset in the feature's state struct.
  public var offset: Int
  /// Whether the host derives it (a view value such as `title`).
  public var isDerived: Bool
  /// Its member in the JSON-lines `state` object, or `nil` when that object leaves it out (or
  /// the host is older than ABI 1.3).
  public var jsonName: String?
  /// How its value is written there.
  public var jsonForm: ttt_json_form
  /// For `TTT_JSON_PRESENTED`, the feature the field says is shown.
  public var presents: ttt_feature
  /// Whether it is a secret's length (the password's, the token's).
  public var isSecret: Bool
}

extension HostConnection {
  /// Every state field the host describes, in the host's order (each feature's in the order
  /// of its JSON-lines object); empty on a host without reflection.
  public func fields() -> [FieldDescription] {
    guard supportsReflection else { return [] }
    // The JSON-lines members were appended in 1.3: read them only when the entry covers them.
    let jsonEnd = MemoryLayout<ttt_field_info>.offset(of: \.is_secret)! + 1
    return (0..<api.pointee.field_count!(host)).compactMap { index in
      guard let info = api.pointee.field_at!(host, index)?.pointee else { return nil }
      let hasJSON = Int(info.struct_size) >= jsonEnd
      return FieldDescription(
        feature: ttt_feature(rawValue: info.feature), name: String(cString: info.name),
        type: ttt_type(rawValue: info.type), offset: info.offset, isDerived: info.is_derived,
        jsonName: hasJSON ? info.json_name.map { String(cString: $0) } : nil,
        jsonForm: ttt_json_form(rawValue: hasJSON ? info.json_form : 0),
        presents: ttt_feature(rawValue: hasJSON ? info.presents : 0),
        isSecret: hasJSON && info.is_secret)
    }
  }

  /// Calls `body` with the state struct of `feature` as the host fills it (its `read_*`
  /// routine), or returns `nil` when the host refuses the read (the feature is not shown).
  /// The struct's strings are valid during the call.
  public func withState<Result>(
    of feature: ttt_feature, _ body: (UnsafeRawPointer) -> Result
  ) -> Result? {
    switch feature {
    case TTT_FEATURE_ROOT:
      let state = rootState()
      return withUnsafeBytes(of: state) { body($0.baseAddress!) }
    case TTT_FEATURE_LOGIN:
      return read(ttt_login_state(), from: feature, api.pointee.read_login!, body)
    case TTT_FEATURE_TWO_FACTOR:
      return read(ttt_two_factor_state(), from: feature, api.pointee.read_two_factor!, body)
    case TTT_FEATURE_NEW_GAME:
      return read(ttt_new_game_state(), from: feature, api.pointee.read_new_game!, body)
    case TTT_FEATURE_GAME:
      return read(ttt_game_state(), from: feature, api.pointee.read_game!, body)
    default:
      return nil
    }
  }

  /// Reads `feature`'s struct, which starts with its `struct_size`, with `routine`.
  private func read<State, Result>(
    _ empty: State, from feature: ttt_feature,
    _ routine: (OpaquePointer?, UnsafeMutablePointer<State>?) -> ttt_status,
    _ body: (UnsafeRawPointer) -> Result
  ) -> Result? {
    var state = empty
    return withUnsafeMutablePointer(to: &state) { pointer in
      UnsafeMutableRawPointer(pointer).storeBytes(
        of: UInt32(MemoryLayout<State>.size), as: UInt32.self)
      guard routine(scope(feature), pointer) == TTT_OK else { return nil }
      return body(UnsafeRawPointer(pointer))
    }
  }
}
