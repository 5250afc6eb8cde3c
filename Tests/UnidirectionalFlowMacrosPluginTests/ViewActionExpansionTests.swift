import Testing

struct ViewActionExpansionTests {
  @Test func aTypeWithAStoreGetsTheConformance() {
    let expansion = MacroExpansion(
      """
      @ViewAction(for: Login.self)
      struct LoginScreen {
        let store: StoreOf<Login>
      }
      """, macros: ["ViewAction"])
    #expect(expansion.diagnostics == [])
    #expect(
      expansion.expandedSource == #"""
        struct LoginScreen {
          let store: StoreOf<Login>
        }

        extension LoginScreen: UnidirectionalFlow.ViewActionSending {
        }
        """#)
  }

  @Test func aTypeWithoutAStoreIsToldToDeclareOne() {
    let expansion = MacroExpansion(
      """
      @ViewAction(for: Login.self)
      final class LoginScreen {
        let model: StoreOf<Login>
      }
      """, macros: ["ViewAction"])
    #expect(
      expansion.diagnostics == [
        "1:1: '@ViewAction(for:)' sends through a 'store'; declare 'let store: StoreOf<Feature>' "
          + "in this class"
      ])
    #expect(!expansion.expandedSource.contains("extension"))
  }
}
