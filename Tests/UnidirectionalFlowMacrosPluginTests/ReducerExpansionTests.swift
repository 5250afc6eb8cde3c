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
          @CasePathable @dynamicMemberLookup @ObservableState
          public enum State: UnidirectionalFlow.CaseReducerState, UnidirectionalFlow.CaseScopeState {
            /// The reducer of this state: `Screen`'s static body.
            public static var caseBody: some UnidirectionalFlow.Reducer<Self, Screen.Action> {
              Screen.body
            }
            /// The active case with the store of its feature: what `store.case` returns.
            @MainActor
            public static func caseScope(_ store: UnidirectionalFlow.Store<Self, Screen.Action>) -> Screen.CaseScope {
              switch store.state {
              case .login:
                .login(store.scope(case: \.login, action: \.login)!)
              case .newGame:
                .newGame(store.scope(case: \.newGame, action: \.newGame)!)
              }
            }
            case login(Login.State)
            case newGame(NewGame.State)
          }

          /// The active feature of `Screen` with its store (`store.case`), to switch over.
          public enum CaseScope {
            case login(UnidirectionalFlow.StoreOf<Login>)
            case newGame(UnidirectionalFlow.StoreOf<NewGame>)
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

        extension Screen: UnidirectionalFlow.Reducer, UnidirectionalFlow.CaseReducer {
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
          @CasePathable @dynamicMemberLookup @ObservableState
          enum State: UnidirectionalFlow.CaseReducerState, UnidirectionalFlow.CaseScopeState, Equatable, Sendable {
            /// The reducer of this state: `Destination`'s static body.
            static var caseBody: some UnidirectionalFlow.Reducer<Self, Destination.Action> {
              Destination.body
            }
            /// The active case with the store of its feature: what `store.case` returns.
            @MainActor
            static func caseScope(_ store: UnidirectionalFlow.Store<Self, Destination.Action>) -> Destination.CaseScope {
              switch store.state {
              case .edit:
                .edit(store.scope(case: \.edit, action: \.edit)!)
              case .alert(let state):
                .alert(state)
              case .dialog(let state):
                .dialog(state)
              case .note(let state):
                .note(state)
              }
            }
            case edit(Edit.State)
            case alert(AlertState<Alert>)
            case dialog(Dialog)
            case note(String)
          }

          /// The active feature of `Destination` with its store (`store.case`), to switch over.
          enum CaseScope {
            case edit(UnidirectionalFlow.StoreOf<Edit>)
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

        extension Destination: UnidirectionalFlow.Reducer, UnidirectionalFlow.CaseReducer {
        }
        """#)
  }
}
