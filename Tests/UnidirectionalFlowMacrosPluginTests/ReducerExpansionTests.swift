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
      """)
    #expect(expansion.diagnostics == [])
    #expect(
      expansion.expandedSource == #"""
        public struct Feature {
          public struct State {}
          public enum Action {

            /// The case paths of `Action`, one per case.
            public struct AllCasePaths: Sendable {
            }

            /// The case paths of `Action`.
            public static var allCasePaths: AllCasePaths {
              AllCasePaths()
            }
        }
          @UnidirectionalFlow.ReducerBuilder<Self.State, Self.Action>
          public var body: some Reducer<State, Action> { EmptyReducer() }
        }

        extension Feature.Action: UnidirectionalFlow.CasePathable {
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
      """)
    #expect(expansion.diagnostics == [])
    #expect(
      expansion.expandedSource == #"""
        struct Feature {
          enum State {

            /// The case paths of `State`, one per case.
            struct AllCasePaths: Sendable {
            }

            /// The case paths of `State`.
            static var allCasePaths: AllCasePaths {
              AllCasePaths()
            }
        }
          enum Action {

            /// The case paths of `Action`, one per case.
            struct AllCasePaths: Sendable {
            }

            /// The case paths of `Action`.
            static var allCasePaths: AllCasePaths {
              AllCasePaths()
            }
        }
          @ReducerBuilder<State, Action> var body: some Reducer<State, Action> { EmptyReducer() }
        }

        extension Feature.State: UnidirectionalFlow.CasePathable {
        }

        extension Feature.Action: UnidirectionalFlow.CasePathable {
        }

        extension Feature: UnidirectionalFlow.Reducer {
        }
        """#)
  }

  /// The compiler extends `Screen.State` and `Screen.Action`: the test expander does not know
  /// the enums' parent, so its extensions say `State` and `Action`.
  @Test func anEnumOfFeaturesGetsStateActionAndBody() {
    let expansion = MacroExpansion(
      """
      @Reducer
      public enum Screen {
        case login(Login)
        case newGame(NewGame)
      }
      """)
    #expect(expansion.diagnostics == [])
    #expect(
      expansion.expandedSource == #"""
        public enum Screen {
          case login(Login)
          case newGame(NewGame)

          /// The state of the `Screen` feature that is active, one case per feature.
          public enum State {
            case login(Login.State)
            case newGame(NewGame.State)

            /// The case paths of `State`, one per case.
            public struct AllCasePaths: Sendable {
              /// The case path of `login`.
              public var login: UnidirectionalFlow.AnyCasePath<State, Login.State> {
                UnidirectionalFlow.AnyCasePath(
                  embed: {
                    .login($0)
                  },
                  extract: {
                    if case .login(let value0) = $0 {
                      value0
                    } else {
                      nil
                    }
                  }
                )
              }

              /// The case path of `newGame`.
              public var newGame: UnidirectionalFlow.AnyCasePath<State, NewGame.State> {
                UnidirectionalFlow.AnyCasePath(
                  embed: {
                    .newGame($0)
                  },
                  extract: {
                    if case .newGame(let value0) = $0 {
                      value0
                    } else {
                      nil
                    }
                  }
                )
              }
            }

            /// The case paths of `State`.
            public static var allCasePaths: AllCasePaths {
              AllCasePaths()
            }
          }

          /// The actions of the `Screen` features, one case per feature.
          public enum Action {
            case login(Login.Action)
            case newGame(NewGame.Action)

            /// The case paths of `Action`, one per case.
            public struct AllCasePaths: Sendable {
              /// The case path of `login`.
              public var login: UnidirectionalFlow.AnyCasePath<Action, Login.Action> {
                UnidirectionalFlow.AnyCasePath(
                  embed: {
                    .login($0)
                  },
                  extract: {
                    if case .login(let value0) = $0 {
                      value0
                    } else {
                      nil
                    }
                  }
                )
              }

              /// The case path of `newGame`.
              public var newGame: UnidirectionalFlow.AnyCasePath<Action, NewGame.Action> {
                UnidirectionalFlow.AnyCasePath(
                  embed: {
                    .newGame($0)
                  },
                  extract: {
                    if case .newGame(let value0) = $0 {
                      value0
                    } else {
                      nil
                    }
                  }
                )
              }
            }

            /// The case paths of `Action`.
            public static var allCasePaths: AllCasePaths {
              AllCasePaths()
            }
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

        extension State: UnidirectionalFlow.CasePathable {
        }

        extension Action: UnidirectionalFlow.CasePathable {
        }
        """#)
  }
}
