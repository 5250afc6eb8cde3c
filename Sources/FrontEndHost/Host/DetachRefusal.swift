/// Why `:detach NAME` names no single observer.
enum DetachRefusal: Error, CustomStringConvertible {
  /// No front end has that name.
  case notAttached(String)
  /// The front end of that name owns the terminal.
  case ownsTerminal(String)
  /// Several observers have that name; their specs tell them apart.
  case ambiguous(String, [FrontEndSpec])

  var description: String {
    switch self {
    case .notAttached(let name): "no attached observer is named '\(name)'"
    case .ownsTerminal(let name):
      "'\(name)' owns the terminal; switch to another front end instead"
    case .ambiguous(let name, let specs):
      "\(specs.count) observers are named '\(name)' ("
        + specs.map { "'\($0)'" }.joined(separator: ", ")
        + "); name one by its spec, e.g. :detach \(specs[0])"
    }
  }
}
