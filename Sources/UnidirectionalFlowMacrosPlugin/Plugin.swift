@_spi(PluginMessage) import SwiftCompilerPluginMessageHandling
import SwiftSyntaxMacros

/// The compiler plugin: the compiler starts it and asks it, over standard input and output, to
/// expand the macros `UnidirectionalFlowMacros` declares.
///
/// The toolchain ships no `SwiftCompilerPlugin` module (that comes with the swift-syntax
/// package); its message listener, which `SwiftCompilerPlugin` wraps, is all a plugin needs.
@main
struct UnidirectionalFlowMacrosPlugin {
  static func main() throws {
    let listener = CompilerPluginMessageListener(
      connection: try StandardIOMessageConnection(), provider: MacroProvider())
    try listener.main()
  }
}

/// Maps the type names of `#externalMacro(module:type:)` to the macros.
struct MacroProvider: PluginProvider {
  /// Every macro of this plugin, by type name.
  static var macros: [String: any Macro.Type] {
    [
      "CasePathableMacro": CasePathableMacro.self, "ReducerMacro": ReducerMacro.self,
      "ReducerCaseMarkerMacro": ReducerCaseMarkerMacro.self,
      "DependencyClientMacro": DependencyClientMacro.self,
      "DependencyEndpointMacro": DependencyEndpointMacro.self,
      "ViewActionMacro": ViewActionMacro.self,
      "ObservableStateMacro": ObservableStateMacro.self,
      "ObservationStateTrackedMacro": ObservationStateTrackedMacro.self,
      "ObservationStateIgnoredMacro": ObservationStateIgnoredMacro.self,
      "PresentsMacro": PresentsMacro.self,
    ]
  }

  func resolveMacro(moduleName: String, typeName: String) throws -> any Macro.Type {
    guard let macro = Self.macros[typeName] else { throw UnknownMacro(typeName: typeName) }
    return macro
  }
}

/// A macro declaration named a type this plugin does not have.
struct UnknownMacro: Error, CustomStringConvertible {
  /// The type name asked for.
  let typeName: String

  var description: String {
    "UnidirectionalFlowMacrosPlugin has no macro '\(typeName)'; it has "
      + MacroProvider.macros.keys.sorted().joined(separator: ", ")
  }
}
