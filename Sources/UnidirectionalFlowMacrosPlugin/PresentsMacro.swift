import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@Presents` on an optional field of a feature's state: the value moves to a private
/// `_name` held in a `PresentationState`, and `$name` gives that wrapper to
/// `ifLet(\.$name, action:)`. In an `@ObservableState` struct, both register reads and report
/// changes through the state's registrar, as a tracked field does; elsewhere they read and
/// write the storage straight.
public enum PresentsMacro {
  /// What the expansion needs of the field: its name and the type it presents.
  struct Field {
    let name: String
    let presented: TypeSyntax
    /// Whether the enclosing struct is `@ObservableState`.
    let isObserved: Bool
    /// The field's access, repeated on `$name`: `public `, `package `, `fileprivate `, ...
    let access: String
  }

  /// The field `declaration` declares, or the diagnostic that says why it cannot present.
  static func field(
    of declaration: some DeclSyntaxProtocol, in context: some MacroExpansionContext
  ) throws -> Field {
    guard let variable = declaration.as(VariableDeclSyntax.self),
      variable.bindingSpecifier.tokenKind == .keyword(.var), variable.bindings.count == 1,
      let binding = variable.bindings.first,
      let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
      binding.accessorBlock == nil
    else {
      throw DiagnosticsError(diagnostics: [MacroDiagnostic.presentsNeedsOptionalVar.at(declaration)]
      )
    }
    guard let presented = binding.typeAnnotation.flatMap({ presentedType(of: $0.type) }) else {
      throw DiagnosticsError(diagnostics: [MacroDiagnostic.presentsNeedsOptionalVar.at(binding)])
    }
    let isObserved =
      context.lexicalContext.first?.as(StructDeclSyntax.self)?.hasAttribute("ObservableState")
      ?? false
    let access = variable.modifiers.first { modifier in
      [.keyword(.public), .keyword(.package), .keyword(.internal), .keyword(.fileprivate)]
        .contains(modifier.name.tokenKind)
    }
    return Field(
      name: name, presented: presented, isObserved: isObserved,
      access: access.map { "\($0.name.text) " } ?? "")
  }

  /// `Child` of `Child?` or `Optional<Child>`; `nil` for a type that is not optional.
  static func presentedType(of type: TypeSyntax) -> TypeSyntax? {
    if let optional = type.as(OptionalTypeSyntax.self) { return optional.wrappedType.trimmed }
    if let named = type.as(IdentifierTypeSyntax.self), named.name.text == "Optional",
      let argument = named.genericArgumentClause?.arguments.first,
      named.genericArgumentClause?.arguments.count == 1
    {
      return TypeSyntax("\(raw: argument.argument.trimmedDescription)")
    }
    return nil
  }
}

extension PresentsMacro: AccessorMacro {
  public static func expansion(
    of node: AttributeSyntax, providingAccessorsOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AccessorDeclSyntax] {
    let field = try field(of: declaration, in: context)
    let name = field.name
    let initializer: AccessorDeclSyntax = """
      @storageRestrictions(initializes: _\(raw: name))
      init(initialValue) {
        _\(raw: name) = UnidirectionalFlow.PresentationState(wrappedValue: initialValue)
      }
      """
    guard field.isObserved else {
      return [
        initializer,
        "get { _\(raw: name).wrappedValue }",
        "set { _\(raw: name).wrappedValue = newValue }",
        "_modify { yield &_\(raw: name).wrappedValue }",
      ]
    }
    return [initializer] + observedAccessors(name: name, storage: "_\(name).wrappedValue")
  }

  /// The accessors of a tracked field over `storage`, registering and reporting as `name`.
  static func observedAccessors(name: String, storage: String) -> [AccessorDeclSyntax] {
    let equal = "UnidirectionalFlow._$isIdentityEqual"
    return [
      """
      get {
        _$observationRegistrar.access(self, keyPath: \\.\(raw: name))
        return \(raw: storage)
      }
      """,
      """
      set {
        _$observationRegistrar.mutate(self, keyPath: \\.\(raw: name), &\(raw: storage), newValue, \(raw: equal))
      }
      """,
      """
      _modify {
        let oldValue = _$observationRegistrar.willModify(self, keyPath: \\.\(raw: name), &\(raw: storage))
        defer {
          _$observationRegistrar.didModify(self, keyPath: \\.\(raw: name), &\(raw: storage), oldValue, \(raw: equal))
        }
        yield &\(raw: storage)
      }
      """,
    ]
  }
}

extension PresentsMacro: PeerMacro {
  public static func expansion(
    of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    // The accessor role reports a field that cannot present; once is enough.
    guard let field = try? field(of: declaration, in: context) else { return [] }
    let name = field.name
    let wrapper = "UnidirectionalFlow.PresentationState<\(field.presented.trimmedDescription)>"
    let accessors =
      field.isObserved
      ? PresentsMacro.observedAccessors(name: name, storage: "_\(name)")
        .map(\.description).joined(separator: "\n")
      : """
      get { _\(name) }
      set { _\(name) = newValue }
      _modify { yield &_\(name) }
      """
    return [
      """
      @ObservationStateIgnored private var _\(raw: name) = \(raw: wrapper)(wrappedValue: nil)
      """,
      """
      /// The presentation of `\(raw: name)`, for `ifLet(\\.$\(raw: name), action:)`.
      \(raw: field.access)var $\(raw: name): \(raw: wrapper) {
      \(raw: accessors)
      }
      """,
    ]
  }
}
