import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@ObservableState`: the `ObservableState` conformance and an identity; on a struct, a
/// registrar and `@ObservationStateTracked` on each stored `var`; on an enum, an identity made
/// of its case and the identity of the state that case carries.
public enum ObservableStateMacro {
  /// The struct or enum the macro is attached to, or the diagnostic that says it cannot be.
  static func validate(_ declaration: some DeclGroupSyntax) throws {
    guard declaration.is(StructDeclSyntax.self) || declaration.is(EnumDeclSyntax.self) else {
      let message = MacroDiagnostic.observableStateNeedsStructOrEnum(kind: declaration.kindName)
      throw DiagnosticsError(diagnostics: [message.at(declaration.introducer)])
    }
  }

  /// The `_$id` of an enum: each case's identity, tagged with the case's position.
  static func enumIdentity(_ enumDecl: EnumDeclSyntax, access: String) -> DeclSyntax {
    let cases = EnumCase.cases(of: enumDecl).enumerated().map { index, enumCase in
      switch enumCase.payload.count {
      case 0:
        "case .\(enumCase.name):\n  return UnidirectionalFlow.ObservableStateID._$inert._$tagged(\(index))"
      case 1:
        "case .\(enumCase.name)(let state):\n  return UnidirectionalFlow.ObservableStateID._$id(for: state)._$tagged(\(index))"
      default:
        "case .\(enumCase.name):\n  return UnidirectionalFlow.ObservableStateID()._$tagged(\(index))"
      }
    }
    return """
      /// The identity of this value: its case, and the identity of the state it carries.
      \(raw: access)var _$id: UnidirectionalFlow.ObservableStateID {
        switch self {
      \(raw: cases.joined(separator: "\n"))
        }
      }
      """
  }

  /// Whether `variable` is a stored `var` the macro tracks: one binding, no accessors, no
  /// attribute (a property wrapper such as `@Presents` keeps its own storage), not static or
  /// lazy.
  static func isTracked(_ variable: VariableDeclSyntax) -> Bool {
    guard variable.bindingSpecifier.tokenKind == .keyword(.var), variable.attributes.isEmpty,
      variable.bindings.count == 1, let binding = variable.bindings.first,
      binding.pattern.is(IdentifierPatternSyntax.self), binding.accessorBlock == nil
    else { return false }
    return !variable.modifiers.contains { modifier in
      [.keyword(.static), .keyword(.class), .keyword(.lazy)].contains(modifier.name.tokenKind)
    }
  }
}

extension ObservableStateMacro: MemberMacro {
  public static func expansion(
    of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    try validate(declaration)
    let access = declaration.memberAccess
    if let enumDecl = declaration.as(EnumDeclSyntax.self) {
      return [enumIdentity(enumDecl, access: access)]
    }
    return [
      """
      @ObservationStateIgnored
      let _$observationRegistrar = UnidirectionalFlow.ObservationStateRegistrar()
      """,
      """
      /// The identity of this value, shared by its copies (see `ObservableState`).
      \(raw: access)var _$id: UnidirectionalFlow.ObservableStateID {
        _$observationRegistrar.id
      }
      """,
    ] + fieldStorage(of: declaration, access: access)
  }

  /// `_$fieldStorage` of a struct with tracked or `@Presents` fields: each `name` it tracks to
  /// its `_name`, each `$name` of a `@Presents` field to its `_name`.
  static func fieldStorage(of declaration: some DeclGroupSyntax, access: String)
    -> [DeclSyntax]
  {
    let entries = declaration.memberBlock.members.compactMap { member -> String? in
      guard let variable = member.decl.as(VariableDeclSyntax.self),
        let name = ObservationStateTrackedMacro.name(of: variable)
      else { return nil }
      if isTracked(variable) { return "\\Self.\(name): \\Self._\(name)" }
      let isPresented = variable.attributes.contains { element in
        element.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "Presents"
      }
      return isPresented ? "\\Self.$\(name): \\Self._\(name)" : nil
    }
    guard !entries.isEmpty else { return [] }
    return [
      """
      /// Where each tracked field keeps its value (see `ObservableState`).
      \(raw: access)static var _$fieldStorage: [AnyKeyPath: AnyKeyPath] {
        [\(raw: entries.joined(separator: ", "))]
      }
      """
    ]
  }
}

extension ObservableStateMacro: MemberAttributeMacro {
  public static func expansion(
    of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
    providingAttributesFor member: some DeclSyntaxProtocol, in context: some MacroExpansionContext
  ) throws -> [AttributeSyntax] {
    guard declaration.is(StructDeclSyntax.self), let variable = member.as(VariableDeclSyntax.self),
      isTracked(variable)
    else { return [] }
    return ["@ObservationStateTracked"]
  }
}

extension ObservableStateMacro: ExtensionMacro {
  public static func expansion(
    of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    guard declaration.is(StructDeclSyntax.self) || declaration.is(EnumDeclSyntax.self),
      !protocols.isEmpty
    else { return [] }
    return [
      try ExtensionDeclSyntax(
        "extension \(type.trimmed): UnidirectionalFlow.ObservableState {}")
    ]
  }
}
