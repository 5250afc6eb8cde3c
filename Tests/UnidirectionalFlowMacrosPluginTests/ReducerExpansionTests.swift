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
          @CasePathable @dynamicMemberLookup
          public enum State: UnidirectionalFlow.CaseReducerState {
            /// The reducer of this state: `Screen`'s static body.
            public static var caseBody: some UnidirectionalFlow.Reducer<Self, Screen.Action> {
              Screen.body
            }
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

  @Test func anEnumWithItsOwnBodyEphemeralAndIgnoredCasesAndConformances() {
    let expansion = MacroExpansion(
      #"""
      @Reducer(state: .equatable, .sendable, action: .equatable)
      enum Destination {
        case edit(Edit)
        case alert(AlertState<Alert>)
        @ReducerCaseEphemeral
        case dialog(Dialog)
        @ReducerCaseIgnored
        case note(String)

        static var body: some Reducer<State, Action> {
          Scope(state: \.edit, action: \.edit) { Edit() }
        }
      }
      """#, macros: ["Reducer"])
    #expect(expansion.diagnostics == [])
    #expect(
      expansion.expandedSource == #"""
        enum Destination {
          case edit(Edit)
          case alert(AlertState<Alert>)
          @ReducerCaseEphemeral
          case dialog(Dialog)
          @ReducerCaseIgnored
          case note(String)
          @UnidirectionalFlow.ReducerBuilder<Self.State, Self.Action>

          static var body: some Reducer<State, Action> {
            Scope(state: \.edit, action: \.edit) { Edit() }
          }

          /// The state of the `Destination` feature that is active, one case per feature.
          @CasePathable @dynamicMemberLookup
          enum State: UnidirectionalFlow.CaseReducerState, Equatable, Sendable {
            /// The reducer of this state: `Destination`'s static body.
            static var caseBody: some UnidirectionalFlow.Reducer<Self, Destination.Action> {
              Destination.body
            }
            case edit(Edit.State)
            case alert(AlertState<Alert>)
            case dialog(Dialog)
            case note(String)
          }

          /// The actions of the `Destination` features, one case per feature.
          @CasePathable
          enum Action: Equatable {
            case edit(Edit.Action)
            case alert(AlertState<Alert>.Action)
            case dialog(Dialog.Action)
          }
        }
        """#)
  }
}
