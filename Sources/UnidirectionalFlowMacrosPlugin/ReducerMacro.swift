import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@Reducer`: on a struct, the `Reducer` conformance and `@CasePathable` on its `Action` (and
/// on its `State` when that is an enum); on an enum of child features, the enum-reducer form.
public enum ReducerMacro {
  /// The names a struct feature must declare.
  static let requiredMembers = ["State", "Action"]

  /// The names a `@Reducer` enum gets from its cases. (It may write its own `body`.)
  static let enumGeneratedNames: Set<String> = ["State", "Action"]

  /// The conformances `@Reducer(state:action:)` may add, by the name of their static member.
  static let synthesizedConformances = [
    "codable": "Codable", "decodable": "Decodable", "encodable": "Encodable",
    "equatable": "Equatable", "hashable": "Hashable", "sendable": "Sendable",
  ]

  /// The conformances asked for by the argument labelled `label` (`state` or `action`):
  /// `@Reducer(state: .equatable, .sendable)` gives `Equatable, Sendable` for `state`.
  static func conformances(_ label: String, in node: AttributeSyntax) -> [String] {
    guard case .argumentList(let arguments) = node.arguments else { return [] }
    var current: String?
    var names: [String] = []
    for argument in arguments {
      if let argumentLabel = argument.label?.text { current = argumentLabel }
      guard current == label,
        let member = argument.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text,
        let conformance = synthesizedConformances[member]
      else { continue }
      names.append(conformance)
    }
    return names
  }

  /// How an enum reducer's case holds its child.
  enum CaseKind {
    /// A child feature, run by the enum's body.
    case feature
    /// State without logic (an alert, a confirmation dialog): its actions pass through.
    case ephemeral
    /// Plain state with no actions and no logic.
    case ignored
  }

  /// How `enumCase` holds its child: as the attribute on its declaration says, or ephemeral
  /// for an alert or a confirmation dialog.
  static func kind(of enumCase: EnumCase, type: String) -> CaseKind {
    let attributes = enumCase.element.parent?.parent?.as(EnumCaseDeclSyntax.self)?.attributes
    let names = (attributes ?? []).compactMap {
      $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription
    }
    if names.contains(where: { $0.hasSuffix("ReducerCaseIgnored") }) { return .ignored }
    if names.contains(where: { $0.hasSuffix("ReducerCaseEphemeral") }) { return .ephemeral }
    if type.hasPrefix("AlertState<") || type.hasPrefix("ConfirmationDialogState<") {
      return .ephemeral
    }
    return .feature
  }

  /// The problems with a struct feature: a missing `State` or `Action`, an `Action` that is no
  /// enum.
  static func structDiagnostics(_ structDecl: StructDeclSyntax) -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    for name in requiredMembers {
      guard let member = nestedType(named: name, in: structDecl) else {
        diagnostics.append(MacroDiagnostic.reducerMissingMember(name).at(structDecl.name))
        continue
      }
      if name == "Action", let group = member.asProtocol(DeclGroupSyntax.self),
        !member.is(EnumDeclSyntax.self)
      {
        diagnostics.append(MacroDiagnostic.reducerActionNotEnum(kind: group.kindName).at(member))
      }
    }
    return diagnostics
  }

  /// The type (struct, enum, class, type alias) named `name` declared in `structDecl`.
  static func nestedType(named name: String, in structDecl: StructDeclSyntax) -> DeclSyntax? {
    structDecl.memberBlock.members.lazy.map(\.decl).first { decl in
      !decl.is(VariableDeclSyntax.self) && decl.declaredName == name
    }
  }

  /// The child features of a `@Reducer` enum, one per case, or the reasons it has none.
  static func childFeatures(of enumDecl: EnumDeclSyntax) -> Result<
    [(name: String, feature: String, kind: CaseKind)], DiagnosticsError
  > {
    var diagnostics: [Diagnostic] = []
    for member in enumDecl.memberBlock.members {
      if let declared = member.decl.declaredName, enumGeneratedNames.contains(declared) {
        diagnostics.append(MacroDiagnostic.reducerEnumDeclares(declared).at(member.decl))
      }
    }
    let cases = EnumCase.cases(of: enumDecl)
    for enumCase in cases where enumCase.payload.count != 1 || enumCase.payload[0].label != nil {
      diagnostics.append(
        MacroDiagnostic.reducerEnumCaseNeedsOneFeature(enumCase.bareName).at(enumCase.element))
    }
    guard diagnostics.isEmpty else { return .failure(DiagnosticsError(diagnostics: diagnostics)) }
    return .success(
      cases.map {
        let type = $0.payload[0].type.trimmedDescription
        return ($0.name, type, kind(of: $0, type: type))
      })
  }

  /// The problems with `declaration` as a `@Reducer`, if any.
  static func diagnostics(_ declaration: some DeclGroupSyntax) -> [Diagnostic] {
    if let structDecl = declaration.as(StructDeclSyntax.self) {
      return structDiagnostics(structDecl)
    }
    if let enumDecl = declaration.as(EnumDeclSyntax.self) {
      if case .failure(let error) = childFeatures(of: enumDecl) { return error.diagnostics }
      return []
    }
    return [
      MacroDiagnostic.reducerNeedsStructOrEnum(kind: declaration.kindName)
        .at(declaration.introducer)
    ]
  }
}

extension ReducerMacro: MemberMacro {
  /// Nothing for a struct (but the reasons it is no feature, if any); `State`, `Action` and
  /// `body` for an enum of child features.
  public static func expansion(
    of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    let problems = diagnostics(declaration)
    guard problems.isEmpty else { throw DiagnosticsError(diagnostics: problems) }
    guard let enumDecl = declaration.as(EnumDeclSyntax.self) else { return [] }
    let children = try childFeatures(of: enumDecl).get()
    let access = declaration.memberAccess
    let enumName = enumDecl.name.trimmedDescription
    let stateCases = children.map { child in
      child.kind == .feature
        ? "case \(child.name)(\(child.feature).State)" : "case \(child.name)(\(child.feature))"
    }
    let actionCases = children.compactMap { child in
      switch child.kind {
      case .feature: "case \(child.name)(\(child.feature).Action)"
      case .ephemeral: "case \(child.name)(\(child.feature).Action)"
      case .ignored: nil
      }
    }
    let scopes = children.filter { $0.kind == .feature }.map {
      "UnidirectionalFlow.Scope(state: \\.\($0.name), action: \\.\($0.name)) { \($0.feature)() }"
    }
    let caseScopes = children.map { child in
      child.kind == .feature
        ? "case \(child.name)(UnidirectionalFlow.StoreOf<\(child.feature)>)"
        : "case \(child.name)(\(child.feature))"
    }
    let caseScopeSwitch = children.map { child in
      child.kind == .feature
        ? "case .\(child.name): .\(child.name)(store.scope(case: \\.\(child.name), action: \\.\(child.name))!)"
        : "case .\(child.name)(let state): .\(child.name)(state)"
    }
    let stateConformances =
      (["UnidirectionalFlow.CaseReducerState", "UnidirectionalFlow.CaseScopeState"]
      + conformances("state", in: node)).joined(separator: ", ")
    let actionConformances = conformances("action", in: node)
    let actionInheritance =
      actionConformances.isEmpty ? "" : ": " + actionConformances.joined(separator: ", ")
    var members: [DeclSyntax] = [
      """
      /// The state of the `\(raw: enumName)` feature that is active, one case per feature.
      @CasePathable @dynamicMemberLookup @ObservableState
      \(raw: access)enum State: \(raw: stateConformances) {
      /// The reducer of this state: `\(raw: enumName)`'s static body.
      \(raw: access)static var caseBody: some UnidirectionalFlow.Reducer<Self, \(raw: enumName).Action> {
      \(raw: enumName).body
      }
      /// The active case with the store of its feature: what `store.case` returns.
      @MainActor
      \(raw: access)static func caseScope(_ store: UnidirectionalFlow.Store<Self, \(raw: enumName).Action>) -> \(raw: enumName).CaseScope {
      switch store.state {
      \(raw: caseScopeSwitch.joined(separator: "\n"))
      }
      }
      \(raw: stateCases.joined(separator: "\n"))
      }
      """,
      """
      /// The active feature of `\(raw: enumName)` with its store (`store.case`), to switch over.
      \(raw: access)enum CaseScope {
      \(raw: caseScopes.joined(separator: "\n"))
      }
      """,
      """
      /// The actions of the `\(raw: enumName)` features, one case per feature.
      @CasePathable
      \(raw: access)enum Action\(raw: actionInheritance) {
      \(raw: actionCases.joined(separator: "\n"))
      }
      """,
    ]
    if !declaresBody(enumDecl) {
      let body = scopes.isEmpty ? ["UnidirectionalFlow.EmptyReducer()"] : scopes
      members.append(
        """
        /// Runs each feature of `\(raw: enumName)` on its own case.
        @UnidirectionalFlow.ReducerBuilder<State, Action>
        \(raw: access)static var body: some UnidirectionalFlow.Reducer<State, Action> {
        \(raw: body.joined(separator: "\n"))
        }
        """)
    }
    return members
  }

  /// Whether the enum writes its own `body`.
  static func declaresBody(_ enumDecl: EnumDeclSyntax) -> Bool {
    enumDecl.memberBlock.members.contains { $0.decl.declaredName == "body" }
  }
}

extension ReducerMacro: MemberAttributeMacro {
  /// `@CasePathable` for a struct feature's `Action`, and for its `State` when that is an enum;
  /// `@ReducerBuilder` for its `body`, which the conformance alone (added by an extension) does
  /// not give it.
  public static func expansion(
    of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
    providingAttributesFor member: some DeclSyntaxProtocol, in context: some MacroExpansionContext
  ) throws -> [AttributeSyntax] {
    let isEnum = declaration.is(EnumDeclSyntax.self)
    guard declaration.is(StructDeclSyntax.self) || isEnum else { return [] }
    if !isEnum, let nested = member.as(EnumDeclSyntax.self),
      requiredMembers.contains(nested.name.text),
      !nested.hasAttribute("CasePathable")
    {
      return ["@CasePathable"]
    }
    if let variable = member.as(VariableDeclSyntax.self),
      DeclSyntax(variable).declaredName == "body",
      !variable.attributes.contains(where: {
        $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription.contains("ReducerBuilder")
          ?? false
      })
    {
      return ["@UnidirectionalFlow.ReducerBuilder<Self.State, Self.Action>"]
    }
    return []
  }
}

extension ReducerMacro: ExtensionMacro {
  /// The `Reducer` conformance of a struct feature, and the `CaseReducer` one of an enum of
  /// child features, unless it has it already or is no feature.
  public static func expansion(
    of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    // The member role reports what is wrong; a conformance now would only add errors.
    guard !protocols.isEmpty, diagnostics(declaration).isEmpty else { return [] }
    // An enum names `Reducer` too: with `CaseReducer` alone, the compiler does not find the
    // witnesses this macro writes when it checks the inherited conformance.
    let conformances =
      declaration.is(EnumDeclSyntax.self)
      ? "UnidirectionalFlow.Reducer, UnidirectionalFlow.CaseReducer" : "UnidirectionalFlow.Reducer"
    return [try ExtensionDeclSyntax("extension \(type.trimmed): \(raw: conformances) {}")]
  }
}
