import TicTacToeFrontEndABI

/// What a key asks the host for; the front end performs intents after handling a batch of keys.
enum Intent: Equatable {
  /// A user intent sent to the store.
  case send(ttt_action_tag, row: Int = 0, column: Int = 0)
  /// A relative edit of a text field (works for the password, which the front end cannot read).
  case edit(ttt_text_field, ttt_text_edit, text: String = "")
  /// A field's whole new text, for an edit away from its end (the front end reads the text,
  /// so never the password's).
  case replace(ttt_text_field, text: String)
  /// A request to the host: switch, attach, detach, quit.
  case request(ttt_request, argument: String = "")
  /// Raise a signal as the key would in a cooked terminal: Ctrl-C (SIGINT), Ctrl-\ (SIGQUIT),
  /// Ctrl-Z (SIGTSTP). The host quits or suspends as for any such signal.
  case raiseSignal(Int32)
}

extension Intent {
  /// Whether this only appends text to a field: the next keys' meaning does not depend on it,
  /// so it can wait and merge with the next appends.
  var isAppend: Bool {
    if case .edit(_, TTT_EDIT_APPEND, _) = self { true } else { false }
  }
}

extension ttt_text_field {
  /// The intent that sets this field's whole text.
  var setter: ttt_action_tag {
    switch self {
    case TTT_FIELD_LOGIN_EMAIL: TTT_ACTION_LOGIN_SET_EMAIL
    case TTT_FIELD_LOGIN_PASSWORD: TTT_ACTION_LOGIN_SET_PASSWORD
    case TTT_FIELD_TWO_FACTOR_CODE: TTT_ACTION_TWO_FACTOR_SET_CODE
    case TTT_FIELD_NEW_GAME_O_PLAYER_NAME: TTT_ACTION_NEW_GAME_SET_O_PLAYER_NAME
    default: TTT_ACTION_NEW_GAME_SET_X_PLAYER_NAME
    }
  }
}

extension [Intent] {
  /// Appends `intent`, merging consecutive appends to one field into one edit, so pasted or
  /// quickly typed text is one action instead of one per character.
  mutating func add(_ intent: Intent) {
    if case .edit(let field, TTT_EDIT_APPEND, let text) = intent,
      case .edit(field, TTT_EDIT_APPEND, let previous)? = last
    {
      self[count - 1] = .edit(field, TTT_EDIT_APPEND, text: previous + text)
    } else {
      append(intent)
    }
  }
}
