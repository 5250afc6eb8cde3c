import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@ViewAction(for:)`: the `ViewActionSending` conformance, which gives the type a
/// `send(_:)` of the feature's view actions through its `store`.
public enum ViewActionMacro: ExtensionMacro {
  public static func expansion(
    of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    let declaresStore = declaration.memberBlock.members.contains {
      $0.decl.declaredName == "store"
    }
    guard declaresStore else {
      let message = MacroDiagnostic.viewActionNeedsStore(kind: declaration.kindName)
      throw DiagnosticsError(diagnostics: [message.at(node)])
    }
    guard !protocols.isEmpty else { return [] }
    return [
      try ExtensionDeclSyntax(
        "extension \(type.trimmed): UnidirectionalFlow.ViewActionSending {}")
    ]
  }
}
