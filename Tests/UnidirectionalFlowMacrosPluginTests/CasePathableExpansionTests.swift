import Testing

struct CasePathableExpansionTests {
  @Test func everyKindOfPayload() {
    let expansion = MacroExpansion(
      """
      @CasePathable
      public enum Action {
        /// A tap on a cell.
        case cellTapped(row: Int, column: Int)
        case view(View)
        case popFrom(id: Int)
        case pair(Int, String = "")
        case dismiss
      }
      """)
    #expect(expansion.diagnostics == [])
    #expect(
      expansion.expandedSource == """
        public enum Action {
          /// A tap on a cell.
          case cellTapped(row: Int, column: Int)
          case view(View)
          case popFrom(id: Int)
          case pair(Int, String = "")
          case dismiss

          /// The case paths of `Action`, one per case: `\\.cellTapped`.
          public struct AllCasePaths: Sendable {
            /// A tap on a cell.
            public var cellTapped: UnidirectionalFlow.AnyCasePath<Action, (row: Int, column: Int)> {
              UnidirectionalFlow.AnyCasePath(
                embed: { .cellTapped(row: $0.0, column: $0.1) },
                extract: { if case .cellTapped(let value0, let value1) = $0 { (value0, value1) } else { nil } }
              )
            }

            /// The case path of `view`.
            public var view: UnidirectionalFlow.AnyCasePath<Action, View> {
              UnidirectionalFlow.AnyCasePath(
                embed: { .view($0) },
                extract: { if case .view(let value0) = $0 { value0 } else { nil } }
              )
            }

            /// The case path of `popFrom`.
            public var popFrom: UnidirectionalFlow.AnyCasePath<Action, Int> {
              UnidirectionalFlow.AnyCasePath(
                embed: { .popFrom(id: $0) },
                extract: { if case .popFrom(let value0) = $0 { value0 } else { nil } }
              )
            }

            /// The case path of `pair`.
            public var pair: UnidirectionalFlow.AnyCasePath<Action, (Int, String)> {
              UnidirectionalFlow.AnyCasePath(
                embed: { .pair($0.0, $0.1) },
                extract: { if case .pair(let value0, let value1) = $0 { (value0, value1) } else { nil } }
              )
            }

            /// The case path of `dismiss`.
            public var dismiss: UnidirectionalFlow.AnyCasePath<Action, Void> {
              UnidirectionalFlow.AnyCasePath(
                embed: { _ in .dismiss },
                extract: { if case .dismiss = $0 { () } else { nil } }
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
        """)
  }
}
