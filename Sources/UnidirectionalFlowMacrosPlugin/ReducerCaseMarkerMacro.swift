import SwiftSyntax
import SwiftSyntaxMacros

/// `@ReducerCaseEphemeral` and `@ReducerCaseIgnored`: marks that `@Reducer` reads off a case of
/// an enum reducer. They add nothing themselves.
public enum ReducerCaseMarkerMacro: PeerMacro {
  public static func expansion(
    of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    []
  }
}
