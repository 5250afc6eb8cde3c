import Testing

struct ReducerExpansionTests {
  @Test func aStructFeatureConformsAndItsActionGetsCasePaths() {
    let expansion = MacroExpansion(
      """
      @Reducer
      public struct Feature {
        public struct State {}
        public enum Action {}
        public var body: some Reducer<State, Action> { EmptyReducer() }
      }
      """, macros: ["Reducer"])
    #expect(expansion.diagnostics == [])
    #expect(
      expansion.expandedSource == #"""
        public struct Feature {
          public struct State {}
          @CasePathable
          public enum Action {}
          @UnidirectionalFlow.ReducerBuilder<Self.State, Self.Action>
          public var body: some Reducer<State, Action> { EmptyReducer() }
        }

        extension Feature: UnidirectionalFlow.Reducer {
        }
        """#)
  }

  @Test func anEnumStateGetsCasePathsAndAWrittenBuilderIsKept() {
    let expansion = MacroExpansion(
      """
      @Reducer
      struct Feature {
        enum State {}
        @CasePathable enum Action {}
        @ReducerBuilder<State, Action> var body: some Reducer<State, Action> { EmptyReducer() }
      }
      """, macros: ["Reducer"])
    #expect(expansion.diagnostics == [])
    #expect(
      expansion.expandedSource == #"""
        struct Feature {
          @CasePathable
          enum State {}
          @CasePathable enum Action {}
          @ReducerBuilder<State, Action> var body: some Reducer<State, Action> { EmptyReducer() }
        }

        extension Feature: UnidirectionalFlow.Reducer {
        }
        """#)
  }

  @Test func anEnumOfFeaturesGetsStateActionAndBody() {
    let expansion = MacroExpansion(
      """
      @Reducer
      public enum Screen {
        case login(Login)
        case newGame(NewGame)
      }
      """, macros: ["Reducer"])
    #expect(expansion.diagnostics == [])
    #expect(
      expansion.expandedSource == #"""
        public enum Screen {
          case login(Login)
          case newGame(NewGame)

          /// The state of the `Screen` feature that is active, one case per feature.
          @CasePathable
          public enum State {
            case login(Login.State)
            case newGame(NewGame.State)
          }

          /// The actions of the `Screen` features, one case per feature.
          @CasePathable
          public enum Action {
            case login(Login.Action)
            case newGame(NewGame.Action)
          }

          /// Runs each feature of `Screen` on its own case.
          @UnidirectionalFlow.ReducerBuilder<State, Action>
          public static var body: some UnidirectionalFlow.Reducer<State, Action> {
            UnidirectionalFlow.Scope(state: \.login, action: \.login) {
              Login()
            }
            UnidirectionalFlow.Scope(state: \.newGame, action: \.newGame) {
              NewGame()
            }
          }
        }
        """#)
  }
}
