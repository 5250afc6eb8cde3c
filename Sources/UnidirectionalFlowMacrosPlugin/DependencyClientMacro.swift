import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@DependencyClient`: on a struct of closures, an initializer whose endpoints default to
/// "unimplemented", and a method with labels for each endpoint whose parameters are named.
public enum DependencyClientMacro: MemberMacro {
  public static func expansion(
    of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard let structDecl = declaration.as(StructDeclSyntax.self) else {
      let message = MacroDiagnostic.dependencyClientNeedsStruct(kind: declaration.kindName)
      throw DiagnosticsError(diagnostics: [message.at(declaration.introducer)])
    }
    var untyped: [PatternBindingSyntax] = []
    let properties = ClientProperty.properties(of: structDecl, untyped: &untyped)
    var diagnostics = untyped.map { binding in
      MacroDiagnostic.dependencyClientUntypedProperty(binding.pattern.trimmedDescription)
        .at(binding)
    }
    for property in properties where property.function != nil {
      if property.initializer == nil && !property.throwsAnyError && !property.returnsVoid {
        diagnostics.append(
          MacroDiagnostic.dependencyClientEndpointNeedsDefault(property.name).at(property.node))
      }
    }
    guard diagnostics.isEmpty else { throw DiagnosticsError(diagnostics: diagnostics) }

    let client = structDecl.name.text
    let access = declaration.memberAccess
    let parameters = properties.map { parameter(for: $0, client: client) }
    let assignments = properties.map { "self.\($0.name) = \($0.name)" }
    let initializer: DeclSyntax = """
      /// A client with the endpoints given; an endpoint left out is unimplemented: calling it
      /// reports an issue naming it, then throws, or returns what its default returns.
      \(raw: access)init(
      \(raw: parameters.joined(separator: ",\n"))
      ) {
      \(raw: assignments.joined(separator: "\n"))
      }
      """
    let methods = properties.compactMap { method(for: $0) }
    return [initializer] + methods
  }

  /// The initializer's parameter for `property`: an endpoint defaults to unimplemented, a
  /// value to its default, if it has one.
  static func parameter(for property: ClientProperty, client: String) -> String {
    guard property.function != nil else {
      let value = property.initializer.map { " = \($0.trimmedDescription)" } ?? ""
      return "\(property.name): \(property.type.trimmedDescription)\(value)"
    }
    let type = "@escaping \(property.type.trimmedDescription)"
    return "\(property.name): \(type) = \(unimplemented(property, client: client))"
  }

  /// The closure that stands for an endpoint nobody implemented: it reports the call, then
  /// calls the endpoint's default, or throws, or (returning `Void`) returns.
  static func unimplemented(_ property: ClientProperty, client: String) -> String {
    let count = property.parameters.count
    let report = "UnidirectionalFlow.UnimplementedEndpoint.report(\"\(client).\(property.name)\")"
    if let initializer = property.initializer {
      let names = (0..<count).map { "p\($0)" }
      let head = names.isEmpty ? "" : " \(names.joined(separator: ", ")) in"
      let effects = (property.throwsAnyError ? "try " : "") + (property.isAsync ? "await " : "")
      return """
        {\(head)
          let implementation: \(property.type.trimmedDescription) = \(initializer.trimmedDescription)
          _ = \(report)
          return \(effects)implementation(\(names.joined(separator: ", ")))
        }
        """
    }
    let head =
      count == 0 ? "" : " \(Array(repeating: "_", count: count).joined(separator: ", ")) in"
    let body = property.throwsAnyError ? "throw \(report)" : "_ = \(report)"
    return "{\(head)\n  \(body)\n}"
  }

  /// `func login(email:password:)` for an endpoint whose parameters are named, or that
  /// `@DependencyEndpoint(method:)` gives another name, calling it; as visible as the endpoint.
  static func method(for property: ClientProperty) -> DeclSyntax? {
    let name = property.methodName ?? property.name
    guard let function = property.function,
      name != property.name || property.parameters.contains(where: { $0.label != nil })
    else { return nil }
    let parameters = property.parameters.enumerated().map { index, parameter in
      let label = parameter.label ?? "_ p\(index)"
      return "\(label): \(parameter.type)"
    }
    let arguments = property.parameters.enumerated().map { index, parameter in
      parameter.label ?? "p\(index)"
    }
    let effects = [
      property.isAsync ? "async" : nil,
      function.effectSpecifiers?.throwsClause?.trimmedDescription,
    ].compactMap { $0 }.joined(separator: " ")
    let signature = effects.isEmpty ? "" : " \(effects)"
    let call =
      (function.effectSpecifiers?.throwsClause != nil ? "try " : "")
      + (property.isAsync ? "await " : "")
    return """
      /// Calls `\(raw: property.name)`.
      \(raw: property.access)func \(raw: name)(\(raw: parameters.joined(separator: ", ")))\(raw: signature) -> \(raw: function.returnClause.type.trimmedDescription) {
        \(raw: call)self.\(raw: property.name)(\(raw: arguments.joined(separator: ", ")))
      }
      """
  }
}
