import Testing

/// Each misuse is reported where it is written, and expands to nothing that would add errors.
struct DiagnosticTests {
  @Test func casePathableOnAStruct() {
    let expansion = MacroExpansion(
      """
      @CasePathable
      struct Action {}
      """)
    #expect(
      expansion.diagnostics == [
        "2:1: '@CasePathable' applies to an enum, not to this struct: case paths name enum cases"
      ])
    #expect(expansion.expandedSource == "struct Action {}")
  }

  @Test func twoCasesWithOneName() {
    let expansion = MacroExpansion(
      """
      @CasePathable
      enum Action {
        case tapped(row: Int)
        case tapped(column: Int)
      }
      """)
    #expect(
      expansion.diagnostics == [
        "4:8: two cases are named 'tapped'; '@CasePathable' names each case path after its case, "
          + "so give them different names"
      ])
    #expect(!expansion.expandedSource.contains("AllCasePaths"))
  }

  @Test func aCaseNamedAfterWhatTheMacroAdds() {
    let expansion = MacroExpansion(
      """
      @CasePathable
      enum Action {
        case allCasePaths
      }
      """)
    #expect(
      expansion.diagnostics == [
        "3:8: a case named 'allCasePaths' clashes with the 'allCasePaths' that '@CasePathable' "
          + "adds; rename it"
      ])
  }

  @Test func reducerOnAClass() {
    let expansion = MacroExpansion(
      """
      @Reducer
      final class Feature {}
      """)
    #expect(
      expansion.diagnostics == [
        "2:7: '@Reducer' applies to a struct (a feature) or an enum (of child features), not to "
          + "this class"
      ])
  }

  @Test func reducerWithoutState() {
    let expansion = MacroExpansion(
      """
      @Reducer
      struct Feature {
        enum Action {}
      }
      """)
    #expect(
      expansion.diagnostics == [
        "2:8: '@Reducer' needs a nested 'State': declare 'struct State' or 'enum State' (or a "
          + "'typealias State') in this feature"
      ])
    #expect(!expansion.expandedSource.contains("extension Feature: "))
  }

  @Test func reducerWithoutStateOrAction() {
    let expansion = MacroExpansion(
      """
      @Reducer
      struct Feature {}
      """)
    #expect(expansion.diagnostics.count == 2)
    #expect(expansion.diagnostics.last?.contains("needs a nested 'Action'") == true)
  }

  @Test func reducerWithAStructAction() {
    let expansion = MacroExpansion(
      """
      @Reducer
      struct Feature {
        struct State {}
        struct Action {}
      }
      """)
    #expect(
      expansion.diagnostics == [
        "4:3: a feature's 'Action' is an enum of everything that can happen, not a struct"
      ])
  }

  @Test func reducerTypeAliasesAreAccepted() {
    let expansion = MacroExpansion(
      """
      @Reducer
      struct Feature {
        typealias State = Int
        typealias Action = Never
      }
      """)
    #expect(expansion.diagnostics == [])
    #expect(expansion.expandedSource.contains("extension Feature: UnidirectionalFlow.Reducer"))
  }

  @Test func anEnumReducerCaseWithoutExactlyOneFeature() {
    let expansion = MacroExpansion(
      """
      @Reducer
      enum Screen {
        case login(Login)
        case empty
        case two(Login, Login)
        case labelled(feature: Login)
      }
      """)
    #expect(
      expansion.diagnostics == [
        "4:8: case 'empty' of a '@Reducer' enum must carry exactly one child feature, as in "
          + "'case empty(Empty)'",
        "5:8: case 'two' of a '@Reducer' enum must carry exactly one child feature, as in "
          + "'case two(Two)'",
        "6:8: case 'labelled' of a '@Reducer' enum must carry exactly one child feature, as in "
          + "'case labelled(Labelled)'",
      ])
    #expect(!expansion.expandedSource.contains("enum State"))
  }

  @Test func anEnumReducerThatDeclaresItsOwnState() {
    let expansion = MacroExpansion(
      """
      @Reducer
      enum Screen {
        case login(Login)
        struct State {}
      }
      """)
    #expect(
      expansion.diagnostics == [
        "4:3: a '@Reducer' enum gets its 'State' from its cases; remove this one"
      ])
  }
}
