import SwiftDiagnostics
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacros

/// `@DependencyEndpoint(method:)`: names the method `@DependencyClient` writes for an endpoint.
/// It adds nothing itself; it reports a name that is no method name, or an attribute on a
/// property that is no endpoint.
public enum DependencyEndpointMacro: PeerMacro {
  /// Adds no peers; reports a `method:` that is no method name (a keyword such as `init`
  /// included), or the attribute on a property that is no closure endpoint.
  public static func expansion(
    of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    let binding = declaration.as(VariableDeclSyntax.self)?.bindings.first
    guard let type = binding?.typeAnnotation?.type, ClientProperty.functionType(type) != nil
    else {
      throw DiagnosticsError(diagnostics: [MacroDiagnostic.dependencyEndpointNeedsClosure.at(node)])
    }
    if case .invalid(let argument) = methodName(in: node) {
      throw DiagnosticsError(diagnostics: [
        MacroDiagnostic.dependencyEndpointMethodName(argument.trimmedDescription).at(argument)
      ])
    }
    return []
  }

  /// What `method:` says in `node`.
  enum MethodName {
    /// No name, or an empty one: the method is named after the endpoint.
    case endpoint
    /// A name for the method.
    case name(String)
    /// Something that is not a method name.
    case invalid(ExprSyntax)
  }

  /// What `method:` says in `node`: a string literal of one identifier, or nothing.
  static func methodName(in node: AttributeSyntax) -> MethodName {
    guard case .argumentList(let arguments) = node.arguments,
      let argument = arguments.first(where: { $0.label?.text == "method" })
    else { return .endpoint }
    guard let literal = argument.expression.as(StringLiteralExprSyntax.self),
      let text = literal.representedLiteralValue
    else { return .invalid(argument.expression) }
    if text.isEmpty { return .endpoint }
    guard isIdentifier(text) else { return .invalid(argument.expression) }
    return .name(text)
  }

  /// Whether `text` can name a method as written, without backticks: an identifier that is
  /// no keyword (`init`, `func`, `self` would make `@DependencyClient` write broken code).
  static func isIdentifier(_ text: String) -> Bool {
    text.isValidSwiftIdentifier(for: .variableName)
  }
}
