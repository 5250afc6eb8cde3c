import DynamicCall
import TicTacToeAppCore
import TicTacToeAppSchema

extension ActionCatalog {
  /// The app's user intents, with their ABI 1.0 tags: the schema's, in its order.
  public static let standard: ActionCatalog = {
    var catalog = ActionCatalog()
    for intent in AppSchema.intents { catalog.add(Entry(intent)) }
    return catalog
  }()
}

extension ActionCatalog.Entry {
  /// The entry of the schema's `intent`: text crosses the ABI as a C string, a number as an
  /// `int32` of which only the argument's range is valid.
  init(_ intent: AppSchema.Intent) {
    self.init(
      casePath: intent.casePath, feature: HostFeature(rawValue: intent.feature.rawValue)!,
      tag: intent.tag?.rawValue,
      arguments: intent.arguments.map { ($0.name, $0.range == nil ? CType.string : .int32) },
      isSecret: intent.isSecret, summary: intent.summary,
      make: { arguments in
        var values: [AppSchema.Value] = []
        for (argument, value) in zip(intent.arguments, arguments) {
          switch value {
          case .string(let text?): values.append(.text(text))
          case .string(nil): return .failure(.invalid("the \(argument.name) is NULL"))
          case .int32(let number): values.append(.integer(Int(number)))
          default: return .failure(.invalid("\(argument.name) must be a string or an integer"))
          }
        }
        return intent.make(values).mapError(HostCallError.init)
      })
  }
}

extension HostCallError {
  /// The message of arguments that do not fit their intent; a payload counts from 0.
  fileprivate init(_ error: AppSchema.ArgumentError) {
    switch error {
    case .count(let expected, let given):
      self = .invalid("it takes \(expected) arguments, but was given \(given)")
    case .kind(let name):
      self = .invalid("\"\(name)\" has the wrong type")
    case .outOfRange(let name, let value, let range):
      self = .invalid(#""\#(name)" \#(value) is out of range \#(range) (payloads count from 0)"#)
    }
  }
}
