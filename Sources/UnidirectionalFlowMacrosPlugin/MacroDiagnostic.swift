import SwiftDiagnostics
import SwiftSyntax

/// A misuse of a macro, reported at the call site.
enum MacroDiagnostic: DiagnosticMessage {
  /// `@CasePathable` on something other than an enum.
  case casePathableNeedsEnum(kind: String)
  /// Two cases share a base name, so their case paths would share a name too.
  case duplicateCaseName(String)
  /// A case whose name is one the macro generates.
  case reservedCaseName(String)
  /// `@Reducer` on something other than a struct or an enum.
  case reducerNeedsStructOrEnum(kind: String)
  /// `@Reducer` on a struct without a nested `State` or `Action`.
  case reducerMissingMember(String)
  /// `@Reducer` on a struct whose `Action` is not an enum (nor a type alias).
  case reducerActionNotEnum(kind: String)
  /// A case of a `@Reducer` enum that does not carry exactly one child feature.
  case reducerEnumCaseNeedsOneFeature(String)
  /// A `@Reducer` enum that declares its own `State`, `Action` or `body`.
  case reducerEnumDeclares(String)
  /// `@DependencyClient` on something other than a struct.
  case dependencyClientNeedsStruct(kind: String)
  /// A property of a `@DependencyClient` struct whose type is not written out.
  case dependencyClientUntypedProperty(String)
  /// An endpoint that neither throws nor returns `Void`, and has no default to return.
  case dependencyClientEndpointNeedsDefault(String)
  /// `@DependencyEndpoint` on a property that is no endpoint (closure).
  case dependencyEndpointNeedsClosure
  /// `@DependencyEndpoint(method:)` with something other than a method name.
  case dependencyEndpointMethodName(String)
  /// `@ViewAction(for:)` on a type that declares no `store`.
  case viewActionNeedsStore(kind: String)
  /// `@ObservableState` on something other than a struct or an enum.
  case observableStateNeedsStructOrEnum(kind: String)
  /// `@Presents` on something other than a stored `var` of an optional type written out.
  case presentsNeedsOptionalVar

  var message: String {
    switch self {
    case .casePathableNeedsEnum(let kind):
      "'@CasePathable' applies to an enum, not to this \(kind): case paths name enum cases"
    case .duplicateCaseName(let name):
      "two cases are named '\(name)'; '@CasePathable' names each case path after its case, so "
        + "give them different names"
    case .reservedCaseName(let name):
      "a case named '\(name)' clashes with the '\(name)' that '@CasePathable' adds; rename it"
    case .reducerNeedsStructOrEnum(let kind):
      "'@Reducer' applies to a struct (a feature) or an enum (of child features), not to this "
        + "\(kind)"
    case .reducerMissingMember(let name):
      "'@Reducer' needs a nested '\(name)': declare 'struct \(name)' or 'enum \(name)' (or a "
        + "'typealias \(name)') in this feature"
    case .reducerActionNotEnum(let kind):
      "a feature's 'Action' is an enum of everything that can happen, not a \(kind)"
    case .reducerEnumCaseNeedsOneFeature(let name):
      "case '\(name)' of a '@Reducer' enum must carry exactly one child feature, as in "
        + "'case \(name)(\(name.prefix(1).uppercased() + name.dropFirst()))'"
    case .reducerEnumDeclares(let name):
      "a '@Reducer' enum gets its '\(name)' from its cases; remove this one"
    case .dependencyClientNeedsStruct(let kind):
      "'@DependencyClient' applies to a struct of endpoints (closure properties), not to this "
        + "\(kind)"
    case .dependencyClientUntypedProperty(let name):
      "'@DependencyClient' needs the type of '\(name)' written out, as in "
        + "'var \(name): @Sendable () async throws -> Void'"
    case .dependencyClientEndpointNeedsDefault(let name):
      "endpoint '\(name)' neither throws nor returns Void, so an unimplemented '\(name)' has "
        + "nothing to return; give it a default, as in 'var \(name): () -> Int = { 0 }'"
    case .dependencyEndpointNeedsClosure:
      "'@DependencyEndpoint' applies to an endpoint of a '@DependencyClient' struct, a property "
        + "whose type is a closure, as in 'var fetch: @Sendable (_ id: Int) async throws -> Item'"
    case .dependencyEndpointMethodName(let written):
      "'@DependencyEndpoint(method:)' takes the method's name as a string literal, as in "
        + "'@DependencyEndpoint(method: \"fetch\")', not \(written)"
    case .viewActionNeedsStore(let kind):
      "'@ViewAction(for:)' sends through a 'store'; declare 'let store: StoreOf<Feature>' in "
        + "this \(kind)"
    case .observableStateNeedsStructOrEnum(let kind):
      "'@ObservableState' applies to a feature's state, a struct or an enum, not to this "
        + "\(kind); a class can use '@Observable'"
    case .presentsNeedsOptionalVar:
      "'@Presents' applies to a stored 'var' of an optional type written out, as in "
        + "'@Presents var destination: Destination.State?'"
    }
  }

  var diagnosticID: MessageID {
    let name = "\(self)".prefix { $0 != "(" }
    return MessageID(domain: "UnidirectionalFlowMacros", id: String(name))
  }

  var severity: DiagnosticSeverity { .error }

  /// A diagnostic of this message at `node`.
  func at(_ node: some SyntaxProtocol) -> Diagnostic {
    Diagnostic(node: node, message: self)
  }
}
