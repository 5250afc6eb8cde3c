import Foundation
import Testing
import UnidirectionalFlow

private struct Preferences: Codable, Equatable, Sendable {
  var volume = 5
  var theme = "light"
}

@Suite struct SharedReaderTests {
  @Test func aReaderOfAnInMemoryKeySeesWhatASharedOfItChanges() {
    withDependencies {
      $0.defaultInMemoryStorage = InMemoryStorage()
    } operation: {
      @Shared(.inMemory("count")) var count = 1
      @SharedReader(.inMemory("count")) var reader = 10
      #expect(reader == 1, "the value already shared under the key wins over the default")
      $count.withLock { $0 = 2 }
      #expect(reader == 2)
      @SharedReader(.inMemory("unshared")) var unshared = 7
      #expect(unshared == 7)
    }
  }

  @Test func aReaderMadeFromASharedReadsItsValueAndItsParts() {
    let preferences = Shared(value: Preferences())
    let reader = SharedReader(preferences)
    let volume = reader.volume
    #expect(volume.wrappedValue == 5)
    preferences.withLock { $0.volume = 8 }
    #expect(reader.wrappedValue.volume == 8)
    #expect(volume.wrappedValue == 8)
    #expect(reader == SharedReader(preferences))
    #expect(reader == SharedReader(value: Preferences(volume: 8)))
    #expect(reader != SharedReader(value: Preferences()))
    #expect(SharedReader(value: 3).customDumpDescription == "3")
    #expect(SharedReader(projectedValue: volume).wrappedValue == 8)
  }

  @Test func fileAndAppStorageReadersReadTheirFiles() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try #"{"theme":"dark","volume":2}"#.write(
      to: directory.file("preferences.json"), atomically: false, encoding: .utf8)
    try "false".write(to: directory.file("isSoundOn.json"), atomically: false, encoding: .utf8)
    withDependencies {
      $0.appStorageDirectory = directory.url
    } operation: {
      @SharedReader(.fileStorage(directory.file("preferences.json"))) var preferences =
        Preferences()
      @SharedReader(.appStorage("isSoundOn")) var isSoundOn = true
      #expect(preferences == Preferences(volume: 2, theme: "dark"))
      #expect(isSoundOn == false)
      #expect($preferences.loadError == nil)
    }
  }

  @Test func loadReadsTheFileAgainForEveryHolderOfTheValue() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("preferences.json")
    @Shared(.fileStorage(url)) var preferences = Preferences()
    let reader = SharedReader($preferences)
    try #"{"theme":"dark","volume":9}"#.write(to: url, atomically: false, encoding: .utf8)
    #expect(preferences.volume == 5, "changes from outside are not watched for")

    try await $preferences.load()
    #expect(preferences == Preferences(volume: 9, theme: "dark"))
    #expect(reader.wrappedValue.volume == 9)

    try #"{"theme":"light","volume":4}"#.write(to: url, atomically: false, encoding: .utf8)
    try await reader.volume.load()
    #expect(preferences == Preferences(volume: 4, theme: "light"), "a part loads the whole")
  }

  @Test func aFileThatCannotBeDecodedKeepsTheValueSetsLoadErrorAndIsMovedAside() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("preferences.json")
    @Shared(.fileStorage(url)) var preferences = Preferences()
    $preferences.withLock { $0.volume = 6 }
    try #"{"volume":"#.write(to: url, atomically: false, encoding: .utf8)

    await #expect(throws: (any Error).self) { try await $preferences.load() }
    #expect(preferences.volume == 6, "the last value loaded or set is kept")
    let loadError = try #require($preferences.loadError)
    #expect(
      "\(loadError)"
        == "@Shared(fileStorage:\(url.path)): the file does not hold a value of type "
        + "Preferences (not valid JSON), and it was moved to \(url.path).bad-1")
    #expect(SharedReader($preferences).loadError != nil)
    #expect(try directory.names() == ["preferences.json.bad-1"])

    try #"{"theme":"dark","volume":1}"#.write(to: url, atomically: false, encoding: .utf8)
    try await $preferences.load()
    #expect(preferences.volume == 1)
    #expect($preferences.loadError == nil, "a load that succeeds clears the error")
  }

  @Test func saveWritesTheValueAgainAndThrowsWhenItCannot() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("preferences.json")
    @Shared(.fileStorage(url)) var preferences = Preferences()
    try await $preferences.save()
    #expect(try directory.contents("preferences.json") == #"{"theme":"light","volume":5}"#)

    // A file where the value's directory should be: the save cannot create the directory.
    @Shared(.fileStorage(directory.file("blocked/preferences.json"))) var unsaved = Preferences()
    try "a file".write(to: directory.file("blocked"), atomically: false, encoding: .utf8)
    await #expect(throws: (any Error).self) { try await $unsaved.save() }
    #expect(unsaved == Preferences(), "the value stays current in memory")
  }

  @Test func aValueKeptByNoKeyLoadsAndSavesAsANoOp() async throws {
    let count = Shared(value: 3)
    try await count.load()
    try await count.save()
    try await SharedReader(value: 4).load()
    #expect(count.wrappedValue == 3)
    #expect(count.loadError == nil)
  }
}
