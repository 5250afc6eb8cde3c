import UnidirectionalFlow

/// Makes an enum `CasePathable`: one case path per case, named after it.
///
/// ```swift
/// @CasePathable
/// enum Action {
///   case view(View)                        // \.view: View
///   case cellTapped(row: Int, column: Int) // \.cellTapped: (row: Int, column: Int)
///   case dismiss                           // \.dismiss: Void
/// }
/// ```
///
/// A case with one payload has that payload as its value, labelled or not; a case with several
/// has a tuple of them, with their labels. The enums nested in this one that its cases carry
/// (`View` above) become `@CasePathable` too, so `\.view.loginButtonTapped` works. Generic
/// enums work the same way.
@attached(member, names: named(AllCasePaths), named(allCasePaths))
@attached(extension, conformances: CasePathable)
@attached(memberAttribute)
public macro CasePathable() =
  #externalMacro(module: "UnidirectionalFlowMacrosPlugin", type: "CasePathableMacro")

/// `@CasePathable` without its `memberAttribute` role, which `@CasePathable` puts on the nested
/// enums its cases carry: the compiler refuses a macro inside its own expansion. Write
/// `@CasePathable` yourself on an enum nested deeper than that.
@attached(member, names: named(AllCasePaths), named(allCasePaths))
@attached(extension, conformances: CasePathable)
public macro _CarriedCasePathable() =
  #externalMacro(module: "UnidirectionalFlowMacrosPlugin", type: "CasePathableMacro")
