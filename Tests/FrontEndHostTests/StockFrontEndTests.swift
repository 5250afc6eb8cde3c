import Foundation
import FrontEndHost
import TestSupport
import Testing
import TicTacToeAppCore

/// The stock front ends, loaded with dlopen from the built products, all attached to one live
/// store at once.
@MainActor
@Suite struct StockFrontEndTests {
  let host = makeTestHost()
  let directory: URL

  init() throws {
    directory = try Fixtures.temporaryDirectory()
  }

  private func output(_ name: String) -> String { directory.appendingPathComponent(name).path }

  private func attach(_ name: String, to file: String) throws -> AttachedFrontEnd {
    let path = try Fixtures.stockFrontEnd(name)
    return try host.attach(FrontEndSpec("\(path):\(output(file))"), ownsTerminal: false).get()
  }

  /// Plays x (0,0), o (2,1), x (1,0), o (1,1), x (2,0): x wins.
  private func playToAWin() {
    for (row, column) in [(0, 0), (2, 1), (1, 0), (1, 1), (2, 0)] {
      host.store.send(.newGame(.game(.presented(.cellTapped(row: row, column: column)))))
    }
  }

  @Test func allThreeStockFrontEndsWatchOneStore() async throws {
    _ = try attach("text", to: "text.out")
    _ = try attach("jsonl", to: "events.jsonl")
    _ = try attach("ansi", to: "ansi.out")
    #expect(host.attachedFrontEnds.map(\.name) == ["text", "jsonl", "ansi"])
    await startGame(on: host)
    playToAWin()
    host.flushOutputs()

    let text = contents(of: output("text.out"))
    #expect(text.contains("== Login =="))
    #expect(text.contains("== Winner! Congrats Blob! =="))
    #expect(text.contains("  3   X | O |  "))

    let events = contents(of: output("events.jsonl")).split(separator: "\n")
    #expect(events.first?.contains(#""type":"hello""#) == true)
    #expect(events.last?.contains(#""winner":"x""#) == true)
    #expect(events.joined().contains(#""password":"<redacted>""#))
    #expect(!events.joined().contains(#""password":"password""#))

    let ansi = contents(of: output("ansi.out"))
    #expect(ansi.contains("Winner! Congrats Blob!"))
  }

  @Test func aFrontEndAttachedMidGameShowsTheGameWhereItWas() async throws {
    let first = try attach("text", to: "first.out")
    await startGame(on: host)
    host.store.send(.newGame(.game(.presented(.cellTapped(row: 1, column: 1)))))
    host.detach(first)
    host.store.send(.newGame(.game(.presented(.cellTapped(row: 0, column: 2)))))
    _ = try attach("text", to: "second.out")
    host.flushOutputs()
    let second = contents(of: output("second.out"))
    // The first thing the new front end wrote is the current board: X in the centre, O top right.
    #expect(second.hasPrefix("== Blob, place your X =="))
    #expect(second.contains("  1     |   | O"))
    #expect(second.contains("  2     | X |  "))
    // The detached one saw nothing after it left.
    #expect(!contents(of: output("first.out")).contains("| O"))
  }

  @Test func anObserverThatDrawsOnTheTerminalNeedsAnOutput() throws {
    let path = try Fixtures.stockFrontEnd("text")
    let result = host.attach(FrontEndSpec(path), ownsTerminal: false)
    guard case .failure(let error) = result else {
      Issue.record("text attached as an observer without an output")
      return
    }
    // The hint names the front end as it was given, so that it works as typed.
    #expect(error.reason.contains("give it an output file as '\(path):PATH'"))
    guard case .failure(let byName) = host.attach(FrontEndSpec("text"), ownsTerminal: false) else {
      Issue.record("text attached as an observer without an output")
      return
    }
    #expect(byName.reason.contains("give it an output file as 'text:PATH'"))
    // The check made before attaching (at start, and for `:attach`) gives the same hint.
    let problem = host.observerProblem(FrontEndSpec(path), planned: [FrontEndSpec("text")])
    #expect(problem?.contains("give it an output file as '\(path):PATH'") == true)
  }
}
