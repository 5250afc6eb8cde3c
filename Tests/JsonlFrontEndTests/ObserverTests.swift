import Foundation
import JSONLines
import TestSupport
import Testing

/// `--frontend jsonl:PATH`: the same events written to a file, which lets the front end watch
/// while another one owns the terminal.
@Suite struct ObserverTests {
  /// Requires the `text` front end, the terminal owner of these tests.
  func requireTextFrontEnd() throws {
    let path = Products.binDirectory.appendingPathComponent("libtictactoe-text.so").path
    try #require(FileManager.default.fileExists(atPath: path), "\(path) is missing (swift build)")
  }

  func temporaryFile() -> String {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("jsonl-observer-\(UUID().uuidString).jsonl").path
  }

  func events(inFile path: String) throws -> [Event] {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.hasSuffix("\n"))
    return try text.split(separator: "\n").map { try Event(line: String($0)) }
  }

  @Test func anObserverFileGetsTheSameActionsAndStates() throws {
    let path = temporaryFile()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let transcript = try HostProcess.run(
      lines: Input.startGame + Input.play([(1, 1)]) + ["oops", Input.command("snapshot")],
      arguments: HostProcess.defaultArguments + ["--frontend", "jsonl:\(path)"])
    let observed = try events(inFile: path)
    #expect(observed.map(\.seq) == observed.indices.map { $0 + 1 })
    #expect(observed.first?.type == "hello")
    // The observer sees every action and state change, but not the owner's errors or snapshots.
    let shared = { (events: [Event]) in
      events.filter { $0.type == "action" || $0.type == "state" }.map(\.value["action"])
    }
    #expect(shared(observed) == shared(Array(transcript.events.dropLast())))
    #expect(observed.last?.state == transcript.states.last)
    #expect(!observed.contains { $0.type == "error" })
    #expect(transcript.errors.count == 1)
  }

  @Test func anObserverWritesNothingToStandardOutput() throws {
    try requireTextFrontEnd()
    let path = temporaryFile()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let host = try HostProcess(["--frontend", "text", "--frontend", "jsonl:\(path)"])
    let (status, _) = host.finishWithoutChecks()
    #expect(status == 0)
    #expect(!String(decoding: host.output, as: UTF8.self).contains(#""type":"hello""#))
    let observed = try events(inFile: path)
    #expect(observed.map(\.type) == ["hello", "state"])
    #expect(observed.last?.state == States.login())
  }

  @Test func anObserverWithoutAFileIsRefused() throws {
    try requireTextFrontEnd()
    let host = try HostProcess(["--frontend", "text", "--frontend", "jsonl"])
    let (_, standardError) = host.finishWithoutChecks()
    #expect(!String(decoding: host.output, as: UTF8.self).contains(#""type":"hello""#))
    #expect(standardError.contains("jsonl:PATH"), "\(standardError)")
  }

  @Test func dashIsStandardOutput() throws {
    let transcript = try HostProcess.run(
      lines: Input.startGame, arguments: ["--frontend", "jsonl:-", "--auth-delay", "0"])
    #expect(transcript.status == 0)
    #expect(transcript.events.first?.type == "hello")
    #expect(
      transcript.events.last?.state == States.newGame(o: "Blub", x: "Blob", game: States.game()))
  }

  @Test func dashIsRefusedToAnObserverBecauseStandardOutputIsTheOwners() throws {
    try requireTextFrontEnd()
    let host = try HostProcess(["--frontend", "text", "--frontend", "jsonl:-"])
    let (_, standardError) = host.finishWithoutChecks()
    #expect(!String(decoding: host.output, as: UTF8.self).contains(#""type":"hello""#))
    #expect(
      standardError.contains("only the terminal owner writes to the terminal"), "\(standardError)")
  }
}
