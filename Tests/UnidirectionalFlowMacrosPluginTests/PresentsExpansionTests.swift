import Testing

struct PresentsExpansionTests {
  @Test func inAnObservableStateTheFieldAndItsProjectionAreTracked() {
    let expansion = MacroExpansion(
      """
      @ObservableState
      public struct State {
        @Presents public var alert: AlertState<Action.Alert>?
      }
      """, macros: ["Presents"])
    #expect(expansion.diagnostics == [])
    #expect(
      expansion.expandedSource == #"""
        @ObservableState
        public struct State {
          public var alert: AlertState<Action.Alert>? {
            @storageRestrictions(initializes: _alert)
            init(initialValue) {
              _alert = UnidirectionalFlow.PresentationState(wrappedValue: initialValue)
            }
            get {
              _$observationRegistrar.access(self, keyPath: \.alert)
              return _alert.wrappedValue
            }
            set {
              _$observationRegistrar.mutate(self, keyPath: \.alert, &_alert.wrappedValue, newValue, UnidirectionalFlow._$isIdentityEqual)
            }
            _modify {
              let oldValue = _$observationRegistrar.willModify(self, keyPath: \.alert, &_alert.wrappedValue)
              defer {
                _$observationRegistrar.didModify(self, keyPath: \.alert, &_alert.wrappedValue, oldValue, UnidirectionalFlow._$isIdentityEqual)
              }
              yield &_alert.wrappedValue
            }
          }

          @ObservationStateIgnored private var _alert = UnidirectionalFlow.PresentationState<AlertState<Action.Alert>>(wrappedValue: nil)

          /// The presentation of `alert`, for `ifLet(\.$alert, action:)`.
          public var $alert: UnidirectionalFlow.PresentationState<AlertState<Action.Alert>> {
            get {
              _$observationRegistrar.access(self, keyPath: \.alert)
              return _alert
            }
            set {
              _$observationRegistrar.mutate(self, keyPath: \.alert, &_alert, newValue, UnidirectionalFlow._$isIdentityEqual)
            }
            _modify {
              let oldValue = _$observationRegistrar.willModify(self, keyPath: \.alert, &_alert)
              defer {
                _$observationRegistrar.didModify(self, keyPath: \.alert, &_alert, oldValue, UnidirectionalFlow._$isIdentityEqual)
              }
              yield &_alert
            }
          }
        }
        """#)
  }

  @Test func elsewhereTheFieldReadsItsStorageStraight() {
    let expansion = MacroExpansion(
      """
      struct State {
        @Presents var destination: Optional<Destination.State> = nil
      }
      """, macros: ["Presents"])
    #expect(expansion.diagnostics == [])
    #expect(
      expansion.expandedSource == #"""
        struct State {
          var destination: Optional<Destination.State> {
            @storageRestrictions(initializes: _destination)
            init(initialValue) {
              _destination = UnidirectionalFlow.PresentationState(wrappedValue: initialValue)
            }
            get {
              _destination.wrappedValue
            }
            set {
              _destination.wrappedValue = newValue
            }
            _modify {
              yield &_destination.wrappedValue
            }
          }

          @ObservationStateIgnored private var _destination = UnidirectionalFlow.PresentationState<Destination.State>(wrappedValue: nil)

          /// The presentation of `destination`, for `ifLet(\.$destination, action:)`.
          var $destination: UnidirectionalFlow.PresentationState<Destination.State> {
            get {
              _destination
            }
            set {
              _destination = newValue
            }
            _modify {
              yield &_destination
            }
          }
        }
        """#)
  }

  @Test func aFieldThatIsNotOptionalIsRefused() {
    let expansion = MacroExpansion(
      """
      struct State {
        @Presents var count: Int
      }
      """, macros: ["Presents"])
    #expect(
      expansion.diagnostics == [
        "2:3: '@Presents' applies to a stored 'var' of an optional type written out, as in "
          + "'@Presents var destination: Destination.State?'"
      ])
  }
}
