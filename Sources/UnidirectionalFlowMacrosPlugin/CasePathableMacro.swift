import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@CasePathable`: an `AllCasePaths` struct with one case path per case, `allCasePaths`, the
/// `CasePathable` conformance, and `@CasePathable` on the nested enums the cases carry.
public enum CasePathableMacro {
  /// The names the macro adds to an enum, which no case may take.
  static let generatedNames: Set<String> = ["AllCasePaths", "allCasePaths"]

  /// The enum `declaration` and its cases, or the reasons it cannot have case paths.
  static func validate(_ declaration: some DeclGroupSyntax) -> Result<
    (EnumDeclSyntax, [EnumCase]), DiagnosticsError
  > {
    guard let enumDecl = declaration.as(EnumDeclSyntax.self) else {
      let message = MacroDiagnostic.casePathableNeedsEnum(kind: declaration.kindName)
      return .failure(DiagnosticsError(diagnostics: [message.at(declaration.introducer)]))
    }
    let cases = EnumCase.cases(of: enumDecl)
    var seen: Set<String> = []
    var diagnostics: [Diagnostic] = []
    for enumCase in cases {
      if generatedNames.contains(enumCase.bareName) {
        diagnostics.append(MacroDiagnostic.reservedCaseName(enumCase.bareName).at(enumCase.element))
      } else if !seen.insert(enumCase.bareName).inserted {
        diagnostics.append(
          MacroDiagnostic.duplicateCaseName(enumCase.bareName).at(enumCase.element))
      }
    }
    return diagnostics.isEmpty
      ? .success((enumDecl, cases)) : .failure(DiagnosticsError(diagnostics: diagnostics))
  }

  /// One case path property.
  static func casePath(of enumCase: EnumCase, in enumName: String, access: String) -> String {
    let documentation =
      enumCase.documentation.isEmpty
      ? ["The case path of `\(enumCase.bareName)`."] : enumCase.documentation
    return """
      \(documentation.map { "/// \($0)" }.joined(separator: "\n"))
      \(access)var \(enumCase.name): UnidirectionalFlow.AnyCasePath<\(enumName), \(enumCase.valueType)> {
        UnidirectionalFlow.AnyCasePath(
          embed: \(enumCase.embed),
          extract: \(enumCase.extract)
        )
      }
      """
  }
}

extension CasePathableMacro: MemberMacro {
  /// `AllCasePaths`, one case path per case, and `allCasePaths`; or the reasons there are none.
  public static func expansion(
    of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    let (enumDecl, cases) = try validate(declaration).get()
    let access = declaration.memberAccess
    let enumName = enumDecl.name.trimmedDescription
    let paths = cases.map { casePath(of: $0, in: enumName, access: access) }
    let body = paths.isEmpty ? "{}" : "{\n\(paths.joined(separator: "\n\n"))\n}"
    return [
      """
      /// The case paths of `\(raw: enumName)`, one per case.
      \(raw: access)struct AllCasePaths: Sendable \(raw: body)
      """,
      """
      /// The case paths of `\(raw: enumName)`.
      \(raw: access)static var allCasePaths: AllCasePaths { AllCasePaths() }
      """,
    ]
  }
}

extension CasePathableMacro: ExtensionMacro {
  /// The `CasePathable` conformance, unless the enum already has it or cannot have case paths.
  public static func expansion(
    of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    // The member role reports what is wrong; a conformance now would only add errors.
    guard !protocols.isEmpty, case .success = validate(declaration) else { return [] }
    return [
      try ExtensionDeclSyntax("extension \(type.trimmed): UnidirectionalFlow.CasePathable {}")
    ]
  }
}

extension CasePathableMacro: MemberAttributeMacro {
  /// Case paths for a nested enum that a case carries (`View` in `case view(View)`), so that
  /// paths chain through it: `\.view.loginButtonTapped`.
  public static func expansion(
    of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
    providingAttributesFor member: some DeclSyntaxProtocol, in context: some MacroExpansionContext
  ) throws -> [AttributeSyntax] {
    guard let nested = member.as(EnumDeclSyntax.self), !nested.hasAttribute("CasePathable"),
      !nested.hasAttribute("_CarriedCasePathable"),
      case .success((_, let cases)) = validate(declaration)
    else { return [] }
    let name = nested.name.text
    let isCarried = cases.contains { enumCase in
      enumCase.payload.contains { payload in
        payload.type.tokens(viewMode: .sourceAccurate).contains { $0.text == name }
      }
    }
    // Not `@CasePathable`: the compiler refuses a macro inside its own expansion.
    return isCarried ? ["@_CarriedCasePathable"] : []
  }
}
