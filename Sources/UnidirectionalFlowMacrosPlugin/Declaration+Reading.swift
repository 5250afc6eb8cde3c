import SwiftSyntax

// What the macros read off the declarations they are attached to.

extension DeclSyntax {
  /// The name this declaration declares: a type's, a type alias's, or a variable's (its first
  /// binding's); `nil` for anything else.
  var declaredName: String? {
    if let named = asProtocol(NamedDeclSyntax.self) { return named.name.text }
    return self.as(VariableDeclSyntax.self)?.bindings.first?.pattern
      .as(IdentifierPatternSyntax.self)?.identifier.text
  }
}

extension DeclGroupSyntax {
  /// The modifier that generated members repeat so they are as visible as this type:
  /// `public ` or `package `, or nothing (internal, or narrower, as the type already is).
  var memberAccess: String {
    for modifier in modifiers {
      switch modifier.name.tokenKind {
      case .keyword(.public), .keyword(.open): return "public "
      case .keyword(.package): return "package "
      default: continue
      }
    }
    return ""
  }

  /// Whether this declaration is marked with the attribute `name` (`@CasePathable`).
  func hasAttribute(_ name: String) -> Bool {
    attributes.contains { element in
      guard let attribute = element.as(AttributeSyntax.self) else { return false }
      let type = attribute.attributeName.trimmedDescription
      return type == name || type.hasSuffix(".\(name)")
    }
  }

  /// What to call this kind of declaration in a diagnostic.
  var kindName: String {
    switch self.kind {
    case .structDecl: "struct"
    case .classDecl: "class"
    case .actorDecl: "actor"
    case .protocolDecl: "protocol"
    case .extensionDecl: "extension"
    case .enumDecl: "enum"
    default: "declaration"
    }
  }
}
