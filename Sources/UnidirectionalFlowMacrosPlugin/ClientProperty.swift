import SwiftSyntax

/// A stored property of a `@DependencyClient` struct: an endpoint (a closure) or a plain value,
/// as the initializer the macro writes takes it.
struct ClientProperty {
  /// The property's name.
  let name: String
  /// Its type as written.
  let type: TypeSyntax
  /// Its default value as written, if any.
  let initializer: ExprSyntax?
  /// The closure type, when the property is an endpoint.
  let function: FunctionTypeSyntax?
  /// Where to report a problem with it.
  let node: PatternBindingSyntax
  /// The access modifier written on it (`public `, `private `, ...), or nothing.
  let access: String
  /// The method name `@DependencyEndpoint(method:)` gives it, if any.
  let methodName: String?

  /// The stored instance properties of `structDecl` that an initializer sets, in order: no
  /// static or computed ones, no `let` that already has its value. A property whose type is not
  /// written out is returned with a `nil` type through `untyped`.
  static func properties(
    of structDecl: StructDeclSyntax, untyped: inout [PatternBindingSyntax]
  ) -> [ClientProperty] {
    var properties: [ClientProperty] = []
    for member in structDecl.memberBlock.members {
      guard let variable = member.decl.as(VariableDeclSyntax.self),
        !variable.modifiers.contains(where: {
          $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class)
        })
      else { continue }
      let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)
      let access = accessModifier(of: variable)
      let methodName = endpointMethodName(of: variable)
      for binding in variable.bindings {
        guard binding.accessorBlock == nil,
          let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
          !(isLet && binding.initializer != nil)
        else { continue }
        guard let type = binding.typeAnnotation?.type else {
          untyped.append(binding)
          continue
        }
        properties.append(
          ClientProperty(
            name: name, type: type, initializer: binding.initializer?.value,
            function: functionType(type), node: binding, access: access,
            methodName: methodName))
      }
    }
    return properties
  }

  /// The access modifier of `variable` followed by a space (`private(set)` does not count), or
  /// nothing.
  static func accessModifier(of variable: VariableDeclSyntax) -> String {
    let accessKeywords: Set<Keyword> = [.public, .package, .internal, .fileprivate, .private]
    for modifier in variable.modifiers where modifier.detail == nil {
      if case .keyword(let keyword) = modifier.name.tokenKind, accessKeywords.contains(keyword) {
        return "\(modifier.name.text) "
      }
    }
    return ""
  }

  /// The method name that `@DependencyEndpoint(method:)` on `variable` gives, if it gives a
  /// valid one (the attribute reports one that is not).
  static func endpointMethodName(of variable: VariableDeclSyntax) -> String? {
    for element in variable.attributes {
      guard let attribute = element.as(AttributeSyntax.self) else { continue }
      let name = attribute.attributeName.trimmedDescription
      guard name == "DependencyEndpoint" || name.hasSuffix(".DependencyEndpoint") else {
        continue
      }
      if case .name(let method) = DependencyEndpointMacro.methodName(in: attribute) {
        return method
      }
    }
    return nil
  }

  /// The closure type that `type` is, through attributes (`@Sendable`) and parentheses.
  static func functionType(_ type: TypeSyntax) -> FunctionTypeSyntax? {
    if let function = type.as(FunctionTypeSyntax.self) { return function }
    if let attributed = type.as(AttributedTypeSyntax.self) {
      return functionType(attributed.baseType)
    }
    if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1,
      let only = tuple.elements.first, only.firstName == nil
    {
      return functionType(only.type)
    }
    return nil
  }

  /// Whether the endpoint is `async`.
  var isAsync: Bool { function?.effectSpecifiers?.asyncSpecifier != nil }

  /// Whether the endpoint throws any error (a typed `throws(E)` cannot throw the unimplemented
  /// error, so it counts as not throwing).
  var throwsAnyError: Bool {
    guard let clause = function?.effectSpecifiers?.throwsClause else { return false }
    guard let thrown = clause.type?.trimmedDescription else { return true }
    return thrown == "any Error" || thrown == "Error"
  }

  /// Whether the endpoint returns nothing.
  var returnsVoid: Bool {
    guard let returned = function?.returnClause.type.trimmedDescription else { return false }
    return returned == "Void" || returned == "()"
  }

  /// The endpoint's parameters as (label for a method, type); no label is `nil`.
  var parameters: [(label: String?, type: String)] {
    (function?.parameters ?? []).map { parameter in
      let first = parameter.firstName?.text
      let label = first == "_" ? parameter.secondName?.text : first
      return (label == "_" ? nil : label, parameter.type.trimmedDescription)
    }
  }
}
