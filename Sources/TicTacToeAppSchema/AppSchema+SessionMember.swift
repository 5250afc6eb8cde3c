extension AppSchema {
  /// Where a field sits in a session file's `state` object (`--session`), and how its value is
  /// written there: the file's own forms, older than the schema, which old files keep.
  public struct SessionMember: Sendable, Equatable {
    /// The member's name: `email`; dotted (`scoreboard.ties`) inside an object, which is left
    /// out while every member of it is empty, and may be missing from an older file.
    public let name: String
    /// How the value is written.
    public let form: SessionForm
    /// Whether it may be missing (`null` too): a file written before it still loads. It is
    /// left out while its value is `NULL` or `false`.
    public let isOptional: Bool

    init(_ name: String, _ form: SessionForm = .value, optional: Bool = false) {
      self.name = name
      self.form = form
      self.isOptional = optional
    }
  }

  /// How a session file writes one field's value.
  public enum SessionForm: Sendable, Equatable {
    /// As its C type says: a string, a boolean or a number.
    case value
    /// A count of games, a whole number from 0 to `Scoreboard.maximumCount`.
    case games
    /// Marks: a board as three rows of `X`, `O` or `.` (`"X.O"`), a player as `"X"` or `"O"`.
    case marks
    /// The standings as an object of each player's wins: `{"Blob":2}`.
    case wins
    /// Whether a string is set, as `true` (the quit confirmation, whose text the app makes).
    case flag
    /// The screen shown, by its JSON-lines name (`"screen":"login"`), with that screen's
    /// members beside it in the same object.
    case screen
    /// A presented screen's object, left out while it is not shown.
    case presented
  }
}
