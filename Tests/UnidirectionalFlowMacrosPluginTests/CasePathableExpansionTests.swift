import Testing

struct CasePathableExpansionTests {
  @Test func severalValuesAreATupleWithTheirLabelsAndNoDefaults() {
    let expansion = MacroExpansion(
      """
      @CasePathable
      enum Action {
        /// A tap on a cell.
        case cellTapped(row: Int, column: Int)
        case pair(Int, String = "")
      }
      """)
    #expect(expansion.diagnostics == [])
    #expect(
      expansion.expandedSource == #"""
        enum Action {
          /// A tap on a cell.
          case cellTapped(row: Int, column: Int)
          case pair(Int, String = "")

          /// The case paths of `Action`, one per case.
          struct AllCasePaths: Sendable {
            /// A tap on a cell.
            var cellTapped: UnidirectionalFlow.AnyCasePath<Action, (row: Int, column: Int)> {
              UnidirectionalFlow.AnyCasePath(
                embed: {
                  .cellTapped(row: $0.0, column: $0.1)
                },
                extract: {
                  if case .cellTapped(let value0, let value1) = $0 {
                    (value0, value1)
                  } else {
                    nil
                  }
                }
              )
            }

            /// The case path of `pair`.
            var pair: UnidirectionalFlow.AnyCasePath<Action, (Int, String)> {
              UnidirectionalFlow.AnyCasePath(
                embed: {
                  .pair($0.0, $0.1)
                },
                extract: {
                  if case .pair(let value0, let value1) = $0 {
                    (value0, value1)
                  } else {
                    nil
                  }
                }
              )
            }
          }

          /// The case paths of `Action`.
          static var allCasePaths: AllCasePaths {
            AllCasePaths()
          }
        }

        extension Action: UnidirectionalFlow.CasePathable {
        }
        """#)
  }

  @Test func aSinglePayloadIsItsValueLabelledOrNot() {
    let expansion = MacroExpansion(
      """
      @CasePathable
      public enum Action {
        case view(View)
        case popFrom(id: Int)
      }
      """)
    #expect(expansion.diagnostics == [])
    #expect(
      expansion.expandedSource == #"""
        public enum Action {
          case view(View)
          case popFrom(id: Int)

          /// The case paths of `Action`, one per case.
          public struct AllCasePaths: Sendable {
            /// The case path of `view`.
            public var view: UnidirectionalFlow.AnyCasePath<Action, View> {
              UnidirectionalFlow.AnyCasePath(
                embed: {
                  .view($0)
                },
                extract: {
                  if case .view(let value0) = $0 {
                    value0
                  } else {
                    nil
                  }
                }
              )
            }

            /// The case path of `popFrom`.
            public var popFrom: UnidirectionalFlow.AnyCasePath<Action, Int> {
              UnidirectionalFlow.AnyCasePath(
                embed: {
                  .popFrom(id: $0)
                },
                extract: {
                  if case .popFrom(let value0) = $0 {
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

        extension Action: UnidirectionalFlow.CasePathable {
        }
        """#)
  }

  @Test func noPayloadIsVoid() {
    let expansion = MacroExpansion(
      """
      @CasePathable
      enum Action {
        case dismiss
      }
      """)
    #expect(expansion.diagnostics == [])
    #expect(
      expansion.expandedSource == #"""
        enum Action {
          case dismiss

          /// The case paths of `Action`, one per case.
          struct AllCasePaths: Sendable {
            /// The case path of `dismiss`.
            var dismiss: UnidirectionalFlow.AnyCasePath<Action, Void> {
              UnidirectionalFlow.AnyCasePath(
                embed: { _ in
                  .dismiss
                },
                extract: {
                  if case .dismiss = $0 {
                    ()
                  } else {
                    nil
                  }
                }
              )
            }
          }

          /// The case paths of `Action`.
          static var allCasePaths: AllCasePaths {
            AllCasePaths()
          }
        }

        extension Action: UnidirectionalFlow.CasePathable {
        }
        """#)
  }

  @Test func aGenericEnumNamesItselfWithoutItsArguments() {
    let expansion = MacroExpansion(
      """
      @CasePathable
      public enum PresentationAction<Action> {
        case presented(Action)
      }
      """)
    #expect(expansion.diagnostics == [])
    #expect(
      expansion.expandedSource == #"""
        public enum PresentationAction<Action> {
          case presented(Action)

          /// The case paths of `PresentationAction`, one per case.
          public struct AllCasePaths: Sendable {
            /// The case path of `presented`.
            public var presented: UnidirectionalFlow.AnyCasePath<PresentationAction, Action> {
              UnidirectionalFlow.AnyCasePath(
                embed: {
                  .presented($0)
                },
                extract: {
                  if case .presented(let value0) = $0 {
                    value0
                  } else {
                    nil
                  }
                }
              )
            }
          }

          /// The case paths of `PresentationAction`.
          public static var allCasePaths: AllCasePaths {
            AllCasePaths()
          }
        }

        extension PresentationAction: UnidirectionalFlow.CasePathable {
        }
        """#)
  }

  @Test func theNestedEnumsTheCasesCarryGetCasePathsToo() {
    let expansion = MacroExpansion(
      """
      @CasePathable
      enum Action {
        case view(View)
        case alert(PresentationAction<Alert>)
        enum View {}
        enum Alert {}
        enum CancelID {}
      }
      """)
    #expect(expansion.diagnostics == [])
    #expect(
      expansion.expandedSource.hasPrefix(
        """
        enum Action {
          case view(View)
          case alert(PresentationAction<Alert>)
          @_CarriedCasePathable
          enum View {}
          @_CarriedCasePathable
          enum Alert {}
          enum CancelID {}
        """))
  }
}
