import SwiftSyntax
import SwiftSyntaxMacros

/// `@ObservationStateTracked`, which `@ObservableState` puts on each stored `var`: the value
/// moves to a private `_name`, and the property's accessors register reads and report changes
/// through the state's registrar.
public enum ObservationStateTrackedMacro {
  /// The property's name, if it is one the macro can track.
  static func name(of declaration: some DeclSyntaxProtocol) -> String? {
    guard let variable = declaration.as(VariableDeclSyntax.self), variable.bindings.count == 1
    else { return nil }
    return variable.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
  }
}

extension ObservationStateTrackedMacro: AccessorMacro {
  public static func expansion(
    of node: AttributeSyntax, providingAccessorsOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AccessorDeclSyntax] {
    guard let name = name(of: declaration) else { return [] }
    let equal = "UnidirectionalFlow._$isIdentityEqual"
    return [
      """
      @storageRestrictions(initializes: _\(raw: name))
      init(initialValue) {
        _\(raw: name) = initialValue
      }
      """,
      """
      get {
        _$observationRegistrar.access(self, keyPath: \\.\(raw: name))
        return _\(raw: name)
      }
      """,
      """
      set {
        _$observationRegistrar.mutate(self, keyPath: \\.\(raw: name), &_\(raw: name), newValue, \(raw: equal))
      }
      """,
      """
      _modify {
        let oldValue = _$observationRegistrar.willModify(self, keyPath: \\.\(raw: name), &_\(raw: name))
        defer {
          _$observationRegistrar.didModify(self, keyPath: \\.\(raw: name), &_\(raw: name), oldValue, \(raw: equal))
        }
        yield &_\(raw: name)
      }
      """,
    ]
  }
}

extension ObservationStateTrackedMacro: PeerMacro {
  public static func expansion(
    of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard let variable = declaration.as(VariableDeclSyntax.self),
      let binding = variable.bindings.first, let name = name(of: declaration)
    else { return [] }
    let storage = binding.with(
      \.pattern, PatternSyntax(IdentifierPatternSyntax(identifier: .identifier("_\(name)"))))
    return [
      """
      @ObservationStateIgnored private var \(storage.trimmed)
      """
    ]
  }
}

/// `@ObservationStateIgnored`: leaves a stored property of an `@ObservableState` struct
/// untracked. It adds nothing itself; `@ObservableState` reads it.
public enum ObservationStateIgnoredMacro: AccessorMacro {
  public static func expansion(
    of node: AttributeSyntax, providingAccessorsOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AccessorDeclSyntax] {
    []
  }
}
