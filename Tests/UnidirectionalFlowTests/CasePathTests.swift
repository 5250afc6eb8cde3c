import Testing
import UnidirectionalFlow

private enum Leaf: Equatable, Sendable, CasePathable {
  case value(Int)
  case reset

  struct AllCasePaths: Sendable {
    var value: AnyCasePath<Leaf, Int> {
      AnyCasePath(embed: Leaf.value) { if case .value(let value) = $0 { value } else { nil } }
    }
    var reset: AnyCasePath<Leaf, Void> {
      AnyCasePath(payloadless: .reset) { if case .reset = $0 { true } else { false } }
    }
  }
  static var allCasePaths: AllCasePaths { AllCasePaths() }
}

private enum Middle: Equatable, Sendable, CasePathable {
  case leaf(Leaf)
  case other

  struct AllCasePaths: Sendable {
    var leaf: AnyCasePath<Middle, Leaf> {
      AnyCasePath(embed: Middle.leaf) { if case .leaf(let leaf) = $0 { leaf } else { nil } }
    }
  }
  static var allCasePaths: AllCasePaths { AllCasePaths() }
}

private struct Form: Equatable, Sendable {
  var name = ""
  var age = 0
}

private enum Top: Equatable, Sendable, CasePathable {
  case middle(Middle)
  case sheet(PresentationAction<Leaf>)
  case form(BindingAction<Form>)
  case rows(IdentifiedAction<Int, Leaf>)
  case path(StackAction<Int, Leaf>)

  struct AllCasePaths: Sendable {
    var middle: AnyCasePath<Top, Middle> {
      AnyCasePath(embed: Top.middle) { if case .middle(let middle) = $0 { middle } else { nil } }
    }
    var sheet: AnyCasePath<Top, PresentationAction<Leaf>> {
      AnyCasePath(embed: Top.sheet) { if case .sheet(let sheet) = $0 { sheet } else { nil } }
    }
    var form: AnyCasePath<Top, BindingAction<Form>> {
      AnyCasePath(embed: Top.form) { if case .form(let form) = $0 { form } else { nil } }
    }
    var rows: AnyCasePath<Top, IdentifiedAction<Int, Leaf>> {
      AnyCasePath(embed: Top.rows) { if case .rows(let rows) = $0 { rows } else { nil } }
    }
    var path: AnyCasePath<Top, StackAction<Int, Leaf>> {
      AnyCasePath(embed: Top.path) { if case .path(let path) = $0 { path } else { nil } }
    }
  }
  static var allCasePaths: AllCasePaths { AllCasePaths() }
}

@Suite struct CasePathTests {
  @Test func embedsAndExtractsOneCase() {
    let value = Leaf.casePath(\.value)
    #expect(value.embed(3) == .value(3))
    #expect(value.extract(from: .value(7)) == 7)
    #expect(value.extract(from: .reset) == nil)
  }

  @Test func payloadlessPathsMatchTheirCaseOnly() {
    let reset = Leaf.casePath(\.reset)
    #expect(reset.embed(()) == .reset)
    #expect(reset.extract(from: .reset) != nil)
    #expect(reset.extract(from: .value(1)) == nil)
  }

  @Test func nestedKeyPathsEmbedAndExtractThroughEveryLevel() {
    let path = Top.casePath(\.middle.leaf.value)
    #expect(path.embed(5) == .middle(.leaf(.value(5))))
    #expect(path.extract(from: .middle(.leaf(.value(9)))) == 9)
    #expect(path.extract(from: .middle(.leaf(.reset))) == nil)
    #expect(path.extract(from: .middle(.other)) == nil)
    #expect(path.extract(from: .sheet(.dismiss)) == nil)
  }

  @Test func appendingJoinsPathsLikeNestedKeyPaths() {
    let joined = Top.casePath(\.middle).appending(path: Middle.casePath(\.leaf))
      .appending(path: Leaf.casePath(\.value))
    #expect(joined.embed(2) == .middle(.leaf(.value(2))))
    #expect(joined.extract(from: .middle(.leaf(.value(4)))) == 4)
    #expect(joined.extract(from: .middle(.other)) == nil)
  }

  @Test func identityPathEmbedsAndExtractsUnchanged() {
    let identity = AnyCasePath<Leaf, Leaf>.`self`
    #expect(identity.embed(.reset) == .reset)
    #expect(identity.extract(from: .value(1)) == .value(1))
  }

  @Test func isTellsWhetherAValueIsInACase() {
    let action = Top.middle(.leaf(.reset))
    #expect(action.is(\.middle))
    #expect(action.is(\.middle.leaf))
    #expect(action.is(\.middle.leaf.reset))
    #expect(!action.is(\.middle.leaf.value))
    #expect(!action.is(\.sheet))
  }

  @Test func caseSubscriptReturnsThePayloadOrNil() {
    let action = Top.middle(.leaf(.value(8)))
    #expect(action[case: \.middle.leaf.value] == 8)
    #expect(action[case: \.middle] == .leaf(.value(8)))
    #expect(action[case: \.sheet] == nil)
    #expect(Top.middle(.other)[case: \.middle.leaf] == nil)
  }

  @Test func caseSubscriptWritesThePayloadOnlyInItsOwnCase() {
    var action = Top.middle(.leaf(.value(8)))
    action[case: \.middle.leaf.value] = 9
    #expect(action == .middle(.leaf(.value(9))))
    action[case: \.middle.leaf]? = .reset
    #expect(action == .middle(.leaf(.reset)))
    action[case: \.middle.leaf.value] = 10
    #expect(action == .middle(.leaf(.reset)))
    action[case: \.sheet] = .presented(.value(1))
    #expect(action == .middle(.leaf(.reset)))
    action[case: \.middle] = nil
    #expect(action == .middle(.leaf(.reset)))
  }

  @Test func presentationPathsNameTheChildWithoutPresented() {
    let short = Top.casePath(\.sheet.value)
    let long = Top.casePath(\.sheet.presented.value)
    #expect(short.embed(1) == .sheet(.presented(.value(1))))
    #expect(long.embed(1) == .sheet(.presented(.value(1))))
    #expect(short.extract(from: .sheet(.presented(.value(6)))) == 6)
    #expect(short.extract(from: .sheet(.presented(.reset))) == nil)
    #expect(short.extract(from: .sheet(.dismiss)) == nil)
    #expect(Top.sheet(.dismiss).is(\.sheet.dismiss))
    #expect(!Top.sheet(.presented(.reset)).is(\.sheet.dismiss))
    #expect(Top.sheet(.presented(.reset)).is(\.sheet.reset))
  }

  @Test func bindingPathsNameOneField() {
    let name = Top.casePath(\.form.name)
    #expect(name.embed("Blob") == .form(.set(\.name, "Blob")))
    #expect(name.extract(from: .form(.set(\.name, "Blob Jr."))) == "Blob Jr.")
    #expect(name.extract(from: .form(.set(\.age, 3))) == nil)
    #expect(Top.casePath(\.form.age).extract(from: .form(.set(\.age, 3))) == 3)
    #expect(Top.form(.set(\.age, 1)).is(\.form.age))
    #expect(!Top.form(.set(\.age, 1)).is(\.form.name))
  }

  @Test func identifiedActionPathsNameOneElementOrAny() {
    let second = Top.casePath(\.rows[id: 2].value)
    #expect(second.embed(5) == .rows(.element(id: 2, action: .value(5))))
    #expect(second.extract(from: .rows(.element(id: 2, action: .value(5)))) == 5)
    #expect(second.extract(from: .rows(.element(id: 3, action: .value(5)))) == nil)

    let any = Top.casePath(\.rows.element)
    let extracted = any.extract(from: .rows(.element(id: 9, action: .reset)))
    #expect(extracted?.id == 9)
    #expect(extracted?.action == .reset)
  }

  @Test func stackActionPathsNameElementsPushesAndPops() {
    let element = Top.casePath(\.path[id: 1].value)
    #expect(element.embed(4) == .path(.element(id: 1, action: .value(4))))
    #expect(element.extract(from: .path(.element(id: 0, action: .value(4)))) == nil)
    #expect(Top.path(.popFrom(id: 3))[case: \.path.popFrom] == 3)
    let pushed = Top.path(.push(id: 2, state: 10))[case: \.path.push]
    #expect(pushed?.id == 2)
    #expect(pushed?.state == 10)
    #expect(Top.casePath(\.path.push).embed((id: 0, state: 1)) == .path(.push(id: 0, state: 1)))
  }
}
