import Foundation
import SwiftDiagnostics
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
import Testing

@testable import UnidirectionalFlowMacrosPlugin

/// What a source expands to with this plugin's macros, and the diagnostics it produced.
struct MacroExpansion {
  /// The expanded source, formatted as the compiler would see it.
  let expandedSource: String
  /// The diagnostics, as `line:column: message`.
  let diagnostics: [String]

  /// Expands `source` with the `macros` named (`CasePathable`, `Reducer`, `ObservableState`,
  /// `ObservationStateTracked`, `ObservationStateIgnored`) and the conformances
  /// they add; the other attributes stay as written, so a test shows one macro's work.
  init(_ source: String, macros: Set<String> = ["CasePathable", "Reducer"]) {
    let file = Parser.parse(source: source)
    let specs: [String: MacroSpec] = [
      "CasePathable": MacroSpec(
        type: CasePathableMacro.self, conformances: ["UnidirectionalFlow.CasePathable"]),
      "Reducer": MacroSpec(type: ReducerMacro.self, conformances: ["UnidirectionalFlow.Reducer"]),
      "DependencyClient": MacroSpec(type: DependencyClientMacro.self),
      "DependencyEndpoint": MacroSpec(type: DependencyEndpointMacro.self),
      "ViewAction": MacroSpec(
        type: ViewActionMacro.self, conformances: ["UnidirectionalFlow.ViewActionSending"]),
      "ObservableState": MacroSpec(
        type: ObservableStateMacro.self, conformances: ["UnidirectionalFlow.ObservableState"]),
      "ObservationStateTracked": MacroSpec(type: ObservationStateTrackedMacro.self),
      "ObservationStateIgnored": MacroSpec(type: ObservationStateIgnoredMacro.self),
      "Presents": MacroSpec(type: PresentsMacro.self),
    ].filter { macros.contains($0.key) }
    let context = BasicMacroExpansionContext(
      sourceFiles: [file: .init(moduleName: "Feature", fullFilePath: "Feature.swift")])
    let expanded = file.expand(
      macroSpecs: specs,
      contextGenerator: { node in
        BasicMacroExpansionContext(
          sharingWith: context, lexicalContext: node.allMacroLexicalContexts())
      }, indentationWidth: .spaces(2))
    expandedSource = expanded.description.trimmingCharacters(in: .whitespacesAndNewlines)
    let converter = SourceLocationConverter(fileName: "Feature.swift", tree: file)
    diagnostics = context.diagnostics.map { diagnostic in
      let location = diagnostic.location(converter: converter)
      return "\(location.line):\(location.column): \(diagnostic.message)"
    }
  }
}
