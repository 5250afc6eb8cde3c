import Testing

struct ObservableStateExpansionTests {
  static let observation: Set<String> = [
    "ObservableState", "ObservationStateTracked", "ObservationStateIgnored",
  ]

  @Test func aStructTracksItsStoredVarsOnly() {
    let expansion = MacroExpansion(
      """
      @ObservableState
      public struct State {
        public var count = 0
        @ObservationStateIgnored var scratch = 0
        @Presents var alert: Alert?
        let id: Int
        var double: Int { count * 2 }
        static var shared = 0
      }
      """, macros: Self.observation)
    #expect(expansion.diagnostics == [])
    #expect(
      expansion.expandedSource == #"""
        public struct State {
          public var count {
            @storageRestrictions(initializes: _count)
            init(initialValue) {
              _count = initialValue
            }
            get {
              _$observationRegistrar.access(self, keyPath: \.count)
              return _count
            }
            set {
              _$observationRegistrar.mutate(self, keyPath: \.count, &_count, newValue, UnidirectionalFlow._$isIdentityEqual)
            }
            _modify {
              let oldValue = _$observationRegistrar.willModify(self, keyPath: \.count, &_count)
              defer {
                _$observationRegistrar.didModify(self, keyPath: \.count, &_count, oldValue, UnidirectionalFlow._$isIdentityEqual)
              }
              yield &_count
            }
          }

          private var _count = 0
          var scratch = 0
          @Presents var alert: Alert?
          let id: Int
          var double: Int { count * 2 }
          static var shared = 0
          let _$observationRegistrar = UnidirectionalFlow.ObservationStateRegistrar()

          /// The identity of this value, shared by its copies (see `ObservableState`).
          public var _$id: UnidirectionalFlow.ObservableStateID {
            _$observationRegistrar.id
          }

          /// Where each tracked field keeps its value (see `ObservableState`).
          public static var _$fieldStorage: [AnyKeyPath: AnyKeyPath] {
            [\Self.count: \Self._count, \Self.$alert: \Self._alert]
          }
        }

        extension State: UnidirectionalFlow.ObservableState {
        }
        """#)
  }

  @Test func anEnumsIdentityIsItsCaseAndItsState() {
    let expansion = MacroExpansion(
      """
      @ObservableState
      enum State {
        case login(Login.State)
        case pair(Int, Int)
        case none
      }
      """, macros: Self.observation)
    #expect(expansion.diagnostics == [])
    #expect(
      expansion.expandedSource == #"""
        enum State {
          case login(Login.State)
          case pair(Int, Int)
          case none

          /// The identity of this value: its case, and the identity of the state it carries.
          var _$id: UnidirectionalFlow.ObservableStateID {
            switch self {
            case .login(let state):
              return UnidirectionalFlow.ObservableStateID._$id(for: state)._$tagged(0)
            case .pair:
              return UnidirectionalFlow.ObservableStateID()._$tagged(1)
            case .none:
              return UnidirectionalFlow.ObservableStateID._$inert._$tagged(2)
            }
          }
        }

        extension State: UnidirectionalFlow.ObservableState {
        }
        """#)
  }

  @Test func aClassIsRefused() {
    let expansion = MacroExpansion(
      """
      @ObservableState
      class Model {}
      """, macros: Self.observation)
    #expect(
      expansion.diagnostics == [
        "2:1: '@ObservableState' applies to a feature's state, a struct or an enum, not to this "
          + "class; a class can use '@Observable'"
      ])
  }
}
