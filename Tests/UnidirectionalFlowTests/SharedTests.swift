import Foundation
import Testing
import UnidirectionalFlow
import UnidirectionalFlowTesting

/// A parent and a child feature holding one count: the child increments it, the parent reads it.
private struct Counter: Reducer {
  struct State: Equatable {
    @Shared var count: Int
    var child: Child.State

    init(count: Shared<Int>) {
      _count = count
      child = Child.State(count: count)
    }
  }
  enum Action: Sendable { case child(Child.Action) }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .child(let action):
      return Child().reduce(into: &state.child, action: action).map(Action.child)
    }
  }

  struct Child: Reducer {
    struct State: Equatable { @Shared var count: Int }
    enum Action: Sendable { case increment }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.$count.withLock { $0 += 1 }
      return .none
    }
  }
}

/// A feature that opens a settings file when asked, so that a test store sees the issues the
/// file reports.
private struct SettingsOpener: Reducer {
  struct State: Equatable { var volume: Shared<Int>? }
  enum Action: Sendable { case open(URL) }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .open(let url):
      state.volume = Shared(wrappedValue: 7, .fileStorage(url))
      return .none
    }
  }
}

private struct Settings: Codable, Equatable, Sendable {
  var volume = 5
  var name = "Blob"
}

/// A directory of its own under the temporary directory, removed by `remove()`.
struct TemporaryDirectory {
  let url = FileManager.default.temporaryDirectory
    .appendingPathComponent("shared-tests-\(UUID().uuidString)", isDirectory: true)

  init() throws {
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  func file(_ name: String) -> URL { url.appendingPathComponent(name) }
  func contents(_ name: String) throws -> String {
    try String(contentsOf: file(name), encoding: .utf8)
  }
  func names() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
  }
  func remove() { try? FileManager.default.removeItem(at: url) }
}

@Suite struct SharedTests {
  @Test func twoSharedOfOneInMemoryKeyHoldOneValue() {
    withDependencies {
      $0.defaultInMemoryStorage = InMemoryStorage()
    } operation: {
      @Shared(.inMemory("count")) var count = 0
      @Shared(.inMemory("count")) var sameCount = 10
      @Shared(.inMemory("other")) var other = 0
      #expect(sameCount == 0)
      $sameCount.withLock { $0 += 5 }
      #expect(count == 5)
      #expect(other == 0)
    }
  }

  @Test func anInMemoryValueOutlivesItsHolders() {
    let storage = InMemoryStorage()
    withDependencies {
      $0.defaultInMemoryStorage = storage
    } operation: {
      do {
        @Shared(.inMemory("count")) var count = 0
        $count.withLock { $0 = 3 }
      }
      @Shared(.inMemory("count")) var count = 0
      #expect(count == 3)
    }
    withDependencies {
      $0.defaultInMemoryStorage = InMemoryStorage()
    } operation: {
      @Shared(.inMemory("count")) var count = 0
      #expect(count == 0, "another storage holds values of its own")
    }
  }

  @Test @MainActor func aChildChangesTheValueItsParentHolds() {
    let count = Shared(value: 1)
    let store = Store(initialState: Counter.State(count: count)) { Counter() }
    store.send(.child(.increment))
    store.send(.child(.increment))
    #expect(store.state.count == 3)
    #expect(store.state.child.count == 3)
    #expect(count.wrappedValue == 3)
  }

  @Test func sharedValuesAreEqualWhenTheyHoldOneValueOrEqualValues() {
    let one = Shared(value: 1)
    #expect(one == one.projectedValue)
    #expect(one == Shared(value: 1))
    #expect(one != Shared(value: 2))
    #expect(stateDump(Settings()) == stateDump(Shared(value: Settings()).wrappedValue))
    #expect(Shared(value: 1).customDumpDescription == "1")
  }

  @Test func aFileStorageValueIsSavedAsJSONAndReadBackByTheNextHolder() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("settings.json")
    do {
      @Shared(.fileStorage(url)) var settings = Settings()
      #expect(try directory.names().isEmpty, "an unchanged default is not written")
      $settings.withLock { $0.volume = 11 }
      #expect(try directory.contents("settings.json") == #"{"name":"Blob","volume":11}"#)
      @Shared(.fileStorage(url)) var same = Settings(volume: 0, name: "")
      #expect(same.volume == 11, "a second holder in this process shares the first's value")
    }
    // With no holder left, the next one reads the file.
    @Shared(.fileStorage(url)) var settings = Settings(volume: 0, name: "")
    #expect(settings == Settings(volume: 11, name: "Blob"))
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    #expect(attributes[.posixPermissions] as? Int == 0o600)
  }

  @Test func aFileStorageValueReplacesItsFileWholeAndLeavesNoTemporaryFile() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("count.json")
    @Shared(.fileStorage(url)) var count = 0
    $count.withLock { $0 = 1 }
    // A second name for the file as it is now: a save that wrote into the file in place would
    // change what it shows; a new file renamed over the name leaves it whole.
    try FileManager.default.linkItem(at: url, to: directory.file("before"))
    $count.withLock { $0 = 2 }
    #expect(try directory.contents("before") == "1")
    #expect(try directory.contents("count.json") == "2")
    #expect(try directory.names() == ["before", "count.json"])
  }

  @Test func changesFromManyTasksAreEachMadeAndSavedInTurn() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let count = Shared(wrappedValue: 0, .fileStorage(directory.file("count.json")))
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<50 {
        group.addTask { count.withLock { $0 += 1 } }
      }
    }
    #expect(count.wrappedValue == 50)
    #expect(try directory.contents("count.json") == "50")
    #expect(try directory.names() == ["count.json"])
  }

  @Test func aPartOfASharedValueReadsAndChangesTheWholeAndSavesIt() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    @Shared(.fileStorage(directory.file("settings.json"))) var settings = Settings()
    let volume: Shared<Int> = $settings.volume
    volume.withLock { $0 += 1 }
    #expect(settings.volume == 6)
    #expect(volume.wrappedValue == 6)
    #expect(try directory.contents("settings.json") == #"{"name":"Blob","volume":6}"#)
    #expect(volume == $settings.volume)
  }

  @Test func aFileStorageValueCreatesItsDirectory() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("a/b/count.json")
    @Shared(.fileStorage(url)) var count = 0
    $count.withLock { $0 = 4 }
    #expect(try directory.contents("a/b/count.json") == "4")
    let attributes = try FileManager.default.attributesOfItem(
      atPath: directory.file("a/b").path)
    #expect(attributes[.posixPermissions] as? Int == 0o700)
  }

  @Test @MainActor func aCorruptFileGivesTheDefaultValueAnIssueAndIsKept() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("volume.json")
    try #"{"volume": tru"#.write(to: url, atomically: false, encoding: .utf8)
    let store = TestStore(initialState: SettingsOpener.State()) { SettingsOpener() }
    await withKnownIssue {
      await store.send(.open(url)) { $0.volume = Shared(value: 7) }
    } matching: { issue in
      issue.hasComment(
        containing:
          "@Shared(fileStorage:\(url.path)): the file does not hold a value of type Int (not "
          + "valid JSON), and it was moved to \(url.path).bad-1; the default value is used.")
    }
    #expect(store.state.volume?.loadError != nil)
    #expect(try directory.names() == ["volume.json.bad-1"])
    #expect(try directory.contents("volume.json.bad-1") == #"{"volume": tru"#)
    // The next save writes a new file; what was moved aside stays.
    store.state.volume?.withLock { $0 = 8 }
    #expect(try directory.contents("volume.json") == "8")
    #expect(try directory.names() == ["volume.json", "volume.json.bad-1"])
  }

  @Test func appStorageKeepsAFileNamedAfterTheKeyInTheAppStorageDirectory() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    withDependencies {
      $0.appStorageDirectory = directory.url
    } operation: {
      @Shared(.appStorage("isSoundOn")) var isSoundOn = true
      $isSoundOn.withLock { $0 = false }
      // A name cannot leave the directory or hide a file.
      @Shared(.appStorage("../.evil name")) var evil = ""
      $evil.withLock { $0 = "kept here" }
    }
    #expect(try directory.names() == ["%2E%2E%2F%2Eevil%20name.json", "isSoundOn.json"])
    #expect(try directory.contents("isSoundOn.json") == "false")
  }

  @Test func appStorageOutsideAnyDependencyScopeInATestUsesTheTestDirectory() throws {
    let name = "shared-tests-\(UUID().uuidString)"
    @Shared(.appStorage(name)) var value = 0
    $value.withLock { $0 = 1 }
    let file = "/\(name).json"
    let test = DependencyValues(context: .test).appStorageDirectory.path + file
    let live = DependencyValues(context: .live).appStorageDirectory.path + file
    defer {
      try? FileManager.default.removeItem(atPath: test)
      // The directory too, when no other test of this process left a file in it.
      _ = rmdir(DependencyValues(context: .test).appStorageDirectory.path)
    }
    #expect(try String(contentsOfFile: test, encoding: .utf8) == "1")
    #expect(!FileManager.default.fileExists(atPath: live))
  }

  @Test func theAppStorageDirectoryFollowsXDG() {
    let live = DependencyValues(context: .live).appStorageDirectory.path
    let environment = ProcessInfo.processInfo.environment
    let configuration =
      environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
      ?? (environment["HOME"] ?? "") + "/.config"
    #expect(live == configuration + "/tictactoe-host/appstorage")
    let test = DependencyValues(context: .test).appStorageDirectory.path
    #expect(test.hasSuffix("/tictactoe-host-appstorage-\(getpid())"))
    #expect(!test.hasPrefix(configuration))
  }
}
