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
  convenience init(_ intent: AppSchema.Intent) {
    var refusal: (@Sendable (TicTacToe.State) -> String?)?
    if intent.requirement != nil { refusal = { intent.refusal(in: $0) } }
    self.init(
      casePath: intent.casePath, feature: HostFeature(rawValue: intent.feature.rawValue)!,
      tag: intent.tag?.rawValue,
      arguments: intent.arguments.map { ($0.name, $0.range == nil ? CType.string : .int32) },
      isSecret: intent.isSecret, summary: intent.summary,
      refusal: refusal,
      build: { arguments in
        guard arguments.count == intent.arguments.count else {
          return .failure(.init(.count(expected: intent.arguments.count, given: arguments.count)))
        }
        for (argument, value) in zip(intent.arguments, arguments) {
          if case .string(nil) = value {
            return .failure(.invalid("the \(argument.name) is NULL"))
          }
        }
        // The values are read where they are: a send runs this for every action.
        return intent.make { index in
          switch arguments[index] {
          case .string(let text?): .text(text)
          case .int32(let number): .integer(Int(number))
          default: .text("")
          }
        }.mapError(HostCallError.init)
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
