import TicTacToeFrontEndABI

extension AppSchema {
  /// One state field of a screen, said once: its reflection name and C type, where it lies in
  /// the screen's ABI struct, how it is read from the screen's state, whether it is a secret or
  /// a derived view value, and how the JSON-lines `state` object carries it. The C export, the
  /// reflection table and (through reflection) every front end's JSON derive from it.
  public struct Field<Screen>: Sendable {
    /// What reflection says of the field (`ttt_field_info`).
    public let info: FieldInfo
    /// The size of the screen's ABI struct.
    let structSize: Int
    /// Stores the field's value, read from a screen's state, into that screen's ABI struct
    /// at `base`, keeping what it points to in the storage.
    public let export: @Sendable (Screen, UnsafeMutableRawPointer, FieldStorage) -> Void
    /// Sets the field in a screen's state from its value (a secret from its text, `""` or
    /// `"<redacted>"`), or `nil` for a field the state derives or fixes at creation.
    var restore: (@Sendable (inout Screen, FieldValue) -> Void)? = nil
    /// For a field that says which screen is shown, how that screen is read and put back.
    var presentation: Presentation<Screen>? = nil
  }

  /// What reflection says of one field: the Swift side of `ttt_field_info`.
  public struct FieldInfo: Sendable, Equatable {
    /// The feature whose `read_*` routine fills the struct.
    public let feature: ttt_feature
    /// Its C name: `email`, `password_length`, `board`.
    public let name: String
    /// Its C type.
    public let type: ttt_type
    /// Its offset in the feature's state struct.
    public let offset: Int
    /// Whether the host derives it from other fields (a view value).
    public let isDerived: Bool
    /// Whether it is a secret, of which only the length crosses the ABI.
    public let isSecret: Bool
    /// Its member in the JSON-lines `state` object, or `nil` when that object leaves it out.
    public let json: JSONMember?
    /// Whether a session file keeps it (`--session`, ``SessionSnapshot``'s restore rule):
    /// never a secret or a request in flight, nor the two-factor screen; a derived field is
    /// kept when what it derives from is.
    public let isSaved: Bool
    /// Its member in a session file, or `nil` when the file leaves it out.
    public let session: SessionMember?
    /// The screens it may say are shown: the root's `active` either of its two, a
    /// `TTT_JSON_PRESENTED` flag the one it presents; empty for any other field.
    public let screens: [ttt_feature]
    /// For a flag that says a server request is in flight, the request in words (`the login
    /// request`): what quitting says it waits for.
    public let request: String?
  }

  /// Where a field sits in the JSON-lines `state` object, and how its value is written there.
  public struct JSONMember: Sendable, Equatable {
    /// The member's name: `isFormValid`; dotted (`alert.title`) inside an object.
    public let name: String
    /// How the value is written.
    public let form: ttt_json_form
    /// For `TTT_JSON_PRESENTED`, the feature the field says is shown.
    public let presents: ttt_feature

    init(_ name: String, _ form: ttt_json_form = TTT_JSON_VALUE, presents: ttt_feature = .init(0)) {
      self.name = name
      self.form = form
      self.presents = presents
    }
  }
}
