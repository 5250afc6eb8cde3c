import Testing
import UnidirectionalFlow
import UnidirectionalFlowMacros

@CasePathable
private enum Event: Equatable {
  case tapped(row: Int, column: Int)
  case named(String)
  case labelled(id: Int)
  case pair(Int, String = "none")
  case reset
  case `default`
}

/// A generic enum, shaped like the library's `PresentationAction`.
@CasePathable
private enum Loadable<Value: Sendable>: Sendable {
  case loading
  case loaded(Value)
  case failed(message: String)
}

/// Closures are payloads like any other: their case paths embed and extract them.
@CasePathable
private enum Callback {
  case run(@Sendable () -> Int)
  case map(Int, @Sendable (Int) -> Int)
}

@CasePathable
private enum Parent: Equatable {
  case child(Child)
  case sheet(PresentationAction<Child>)

  enum Child: Equatable {
    case increment
    case set(to: Int)
    case deeper(Deeper)

    /// Nested one level further than `@CasePathable` reaches: marked by hand.
    @CasePathable
    enum Deeper: Equatable {
      case leaf(Int)
    }
  }
}

struct CasePathableTests {
  @Test func multiValuePayloadsAreLabelledTuples() throws {
    let path = Event.casePath(\.tapped)
    #expect(path.embed((row: 1, column: 2)) == .tapped(row: 1, column: 2))
    let payload = try #require(Event.tapped(row: 1, column: 2)[case: \.tapped])
    #expect(payload.row == 1 && payload.column == 2)
    #expect(Event.named("x")[case: \.tapped] == nil)
  }

  @Test func singlePayloadsAreTheirValueLabelledOrNot() {
    #expect(Event.casePath(\.named).embed("x") == .named("x"))
    #expect(Event.named("x")[case: \.named] == "x")
    #expect(Event.casePath(\.labelled).embed(7) == .labelled(id: 7))
    #expect(Event.labelled(id: 7)[case: \.labelled] == 7)
  }

  @Test func defaultValuesAreIgnoredAndUnlabelledTuplesWork() {
    #expect(Event.casePath(\.pair).embed((1, "a")) == .pair(1, "a"))
    #expect(Event.pair(2, "b")[case: \.pair].map { "\($0.0)\($0.1)" } == "2b")
  }

  @Test func casesWithoutPayloadAndKeywordNames() {
    #expect(Event.casePath(\.reset).embed(()) == .reset)
    #expect(Event.reset.is(\.reset))
    #expect(!Event.reset.is(\.default))
    #expect(Event.default.is(\.default))
  }

  @Test func genericEnums() {
    #expect(Loadable<Int>.loaded(3)[case: \.loaded] == 3)
    #expect(Loadable<Int>.failed(message: "no")[case: \.failed] == "no")
    #expect(Loadable<String>.loading.is(\.loading))
    #expect(Loadable<String>.casePath(\.loaded).embed("x")[case: \.loaded] == "x")
  }

  @Test func closurePayloads() throws {
    let run = try #require(Callback.run({ 42 })[case: \.run])
    #expect(run() == 42)
    let map = try #require(Callback.casePath(\.map).embed((2, { $0 * 10 }))[case: \.map])
    #expect(map.0 == 2 && map.1(3) == 30)
  }

  @Test func nestedEnumsTheCasesCarryGetCasePathsToo() {
    #expect(Parent.casePath(\.child.set).embed(3) == .child(.set(to: 3)))
    #expect(Parent.child(.increment).is(\.child.increment))
    #expect(Parent.child(.set(to: 5))[case: \.child.set] == 5)
  }

  @Test func anEnumNestedDeeperMarkedByHand() {
    #expect(Parent.casePath(\.child.deeper.leaf).embed(1) == .child(.deeper(.leaf(1))))
    #expect(Parent.child(.deeper(.leaf(2)))[case: \.child.deeper.leaf] == 2)
  }

  @Test func presentedChildrenAreNamedWithoutPresented() {
    #expect(Parent.casePath(\.sheet.increment).embed(()) == .sheet(.presented(.increment)))
    #expect(Parent.casePath(\.sheet.dismiss).embed(()) == .sheet(.dismiss))
    #expect(Parent.sheet(.presented(.set(to: 1)))[case: \.sheet.set] == 1)
  }
}
