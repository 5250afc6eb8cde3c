/// The host's messages about what was typed or given, fit to show: a message that quotes a
/// secret the app holds now is replaced by one that repeats nothing of it.
extension SecretRedactor {
  /// `message`, which explains why the request argument `argument` failed, fit to show: as it
  /// is, or, when `argument` holds a secret, a message that repeats nothing of it. (The spec
  /// parser cuts an argument at its `:` and the loader makes a path absolute and canonical, so
  /// a message may quote a piece of the secret that looking for the whole secret would miss.)
  func describing(_ argument: String, _ message: String) -> String {
    describing(
      argument, message,
      otherwise: "what was given as the front end ('***') holds a secret, so it is not "
        + "repeated; no front end of that name or path can be used")
  }

  /// `message` about `input`, or `otherwise` when `input` holds a secret (see
  /// ``describing(_:_:)``). A message is never masked in place: what it quotes besides `input`
  /// is the host's own words, and masking those would spell a short secret by its gaps.
  func describing(_ input: String, _ message: String, otherwise: String) -> String {
    redact(input) == input ? message : otherwise
  }
}
