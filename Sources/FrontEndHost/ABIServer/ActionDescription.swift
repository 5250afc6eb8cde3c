import TicTacToeAppCore
import TicTacToeAppSchema

/// Names a processed app action by its case path from the root, as the JSON-lines protocol and
/// `ttt_action_event` show it: `login.view.binding.email`, `login.loginResponse.failure`.
///
/// Payloads are left out (so secrets never appear); a failed response carries its error's
/// message, which the authentication client guarantees is free of secrets.
///
/// The names are the schema's (``AppSchema/intents`` and ``AppSchema/responses``), made once:
/// describing an action runs for every action the store processes, and returns a stored string
/// rather than building one.
enum ActionDescription {
  /// What an action no schema entry describes is called (a binding of a field no intent sets,
  /// which only code inside the host could make).
  static let unknown = "unknown"

  /// The case path of `action`, and the error message of a failed response.
  static func describe(_ action: TicTacToe.Action) -> (casePath: String, error: String?) {
    if let intent = AppSchema.intent(of: action) { return (intent.casePath, nil) }
    guard let (response, outcome) = AppSchema.response(of: action) else { return (unknown, nil) }
    switch outcome {
    case .success: return (response.successPath, nil)
    case .failure(let error): return (response.failurePath, error.description)
    }
  }
}
