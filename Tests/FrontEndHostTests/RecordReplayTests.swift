import Foundation
import FrontEndHost
import HostIO
import Persistence
import TestSupport
import Testing
import TicTacToeAppCore
import TicTacToeGameCore
import TicTacToeLoginCore
import UnidirectionalFlow
import UnidirectionalFlowTesting

/// `--record LOG` and `tictactoe replay LOG`: a replayed run ends where the recorded one did,
/// a diverging log stops at its line, and no secret is written.
@MainActor
@Suite struct RecordReplayTests {
  /// Plays a random session on `host`: every action is one a front end could send on the
  /// screen shown (so the recording is a real one), with effects awaited as a user would.
  private func playRandomly(_ host: FrontEndHost, _ random: inout SeededGenerator) async {
    let store = host.store
    for _ in 0..<Int.random(in: 10...60, using: &random) {
      switch store.state {
      case .login(let login):
        if let twoFactor = login.twoFactor {
          if twoFactor.alert != nil {
            store.send(.login(.twoFactor(.presented(.alert(.dismiss)))))
          } else if Bool.random(using: &random) {
            let code = ["1234", "0000", ""].randomElement(using: &random)!
            store.send(.login(.twoFactor(.presented(.view(.binding(.set(\.code, code)))))))
          } else if Int.random(in: 0..<4, using: &random) == 0 {
            store.send(.login(.twoFactor(.dismiss)))
          } else {
            store.send(.login(.twoFactor(.presented(.view(.submitButtonTapped)))))
          }
        } else if login.alert != nil {
          store.send(.login(.alert(.dismiss)))
        } else {
          switch Int.random(in: 0..<3, using: &random) {
          case 0:
            let email = ["blob@pointfree.co", "blob2fa@pointfree.co", "x@y"]
              .randomElement(using: &random)!
            store.send(.login(.view(.binding(.set(\.email, email)))))
          case 1:
            let password = ["password", "hunter2-secret", ""].randomElement(using: &random)!
            store.send(.login(.view(.binding(.set(\.password, password)))))
          default:
            store.send(.login(.view(.loginButtonTapped)))
          }
        }
      case .newGame(let newGame):
        if newGame.game?.alert != nil {
          // The quit confirmation: "Keep playing" or "Quit", half the time each.
          if Bool.random(using: &random) {
            store.send(.newGame(.game(.presented(.alert(.dismiss)))))
          } else {
            store.send(.newGame(.game(.presented(.alert(.presented(.confirmQuitButtonTapped))))))
          }
        } else if newGame.game != nil {
          switch Int.random(in: 0..<14, using: &random) {
          case 0: store.send(.newGame(.game(.presented(.playAgainButtonTapped))))
          case 1: store.send(.newGame(.game(.presented(.quitButtonTapped))))
          default:
            let row = Int.random(in: 0...2, using: &random)
            let column = Int.random(in: 0...2, using: &random)
            store.send(.newGame(.game(.presented(.cellTapped(row: row, column: column)))))
          }
        } else {
          switch Int.random(in: 0..<8, using: &random) {
          case 0: store.send(.newGame(.logoutButtonTapped))
          case 1, 2: store.send(.newGame(.binding(.set(\.xPlayerName, "Blob"))))
          case 3, 4: store.send(.newGame(.binding(.set(\.oPlayerName, "Blub"))))
          default: store.send(.newGame(.letsPlayButtonTapped))
          }
        }
      }
      await store.awaitEffects()
    }
  }

  /// The lines of the log at `path`, as `tictactoe replay` reads them.
  private func load(_ path: String) throws -> (start: TicTacToe.State, lines: [ReplayDriver.Line]) {
    let lines = contents(of: path).split(separator: "\n").map { Array($0.utf8) }
    let start = try ActionLog.decodeHeader(try #require(lines.first))
    let records = try lines.dropFirst().enumerated().map { index, line in
      (number: index + 2, record: try ActionLog.decode(line))
    }
    return (start, records)
  }

  @Test func aReplayedRunEndsInTheStateTheRecordedRunEndedIn() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    var random = SeededGenerator(seed: 0x7E_C0_2D)
    var actions = 0
    var (confirmedQuits, scoredRuns) = (0, 0)
    for game in 0..<200 {
      let log = directory.appendingPathComponent("game-\(game).jsonl").path
      let recorded = makeTestHost()
      try recorded.record(to: log)
      await playRandomly(recorded, &random)
      recorded.flushOutputs()

      let (start, lines) = try load(log)
      actions += lines.count
      #expect(start == TicTacToe.State())
      let store = Store(initialState: start) { TicTacToe().droppingEffects(if: true) }
      let replayed = FrontEndHost(
        store: store,
        searchPath: FrontEndSearchPath(executablePath: "/nonexistent", environment: [:]),
        loop: PollingEventLoop.shared)
      var exitStatus: Int32?
      replayed.diagnostics = { _ in }
      replayed.onExit = { exitStatus = $0 }
      var ended = false
      ReplayDriver(host: replayed, lines: lines, name: log).run(at: .atOnce) { _ in ended = true }
      #expect(ended && exitStatus == nil, "game \(game) diverged")
      #expect(
        SessionSnapshot.restored(store.state) == SessionSnapshot.restored(recorded.store.state),
        "game \(game)")
      #expect(!contents(of: log).contains("hunter2"), "a password in the log of game \(game)")
      if contents(of: log).contains("newGame.game.alert.confirmQuitButtonTapped") {
        confirmedQuits += 1
      }
      // Each line holds the state it led to, with the scoreboard once a game was counted.
      if contents(of: log).contains(#""scoreboard":"#) { scoredRuns += 1 }
    }
    #expect(actions > 2000, "the games are too short to prove much: \(actions) actions")
    // The quit confirmation and the scoreboard replay too, not only plain moves.
    #expect(confirmedQuits > 10 && scoredRuns > 10, "\(confirmedQuits) quits, \(scoredRuns) scored")
  }

  @Test func aDivergingLogStopsAtItsLineWithStatusEight() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try await Fixtures.bash(
      """
      printf '%s\\n' 'email blob@pointfree.co' 'password password' login 'x Blob' 'o Blub' play \
        '2 2' '1 1' | $T --frontend text --auth-delay 0 --record log > /dev/null
      $T replay log --frontend jsonl < /dev/null | grep '"type":"state"' | tail -1; echo "status=$?"
      # Another cell on line 9 (the first move): the state it leads to is not the log's.
      sed '9s/"row":1,"column":1/"row":0,"column":0/' log > changed
      $T replay changed --frontend jsonl < /dev/null > /dev/null; echo "changed=$?"
      # A refused intent: a move before the game is shown.
      sed '8s/.*/{"ms":1,"origin":"frontend","action":"newGame.game.playAgainButtonTapped","state":{"screen":"login","email":""}}/' log > refused
      $T replay refused --frontend jsonl < /dev/null > /dev/null; echo "refused=$?"
      printf '{"format":"tictactoe-record","version":1,"start":{"screen":"login","email":""}}\\n{"ms":0}\\n' > broken
      $T replay broken < /dev/null; echo "broken=$?"
      """, in: directory)
    #expect(result.standardOutput.contains(#""board":[["o",null,null],[null,"x",null],"#))
    #expect(result.standardOutput.contains("status=0"))
    #expect(result.standardOutput.contains("changed=8"), "\(result)")
    #expect(
      result.standardError.contains(
        "changed:9: the replay stops: after newGame.game.cellTapped, the state is not the one the log recorded"
      ))
    #expect(result.standardOutput.contains("refused=8"))
    #expect(
      result.standardError.contains(
        "refused:8: the replay stops: newGame.game.playAgainButtonTapped is refused: no game is being played"
      ))
    #expect(result.standardOutput.contains("broken=8"))
    #expect(
      result.standardError.contains(
        "broken:2: origin: must be \"frontend\", \"effect\" or \"rewind\""))
  }

  @Test func aReplayShowsTheRecordedGameToItsFrontEndsAndRefusesTheirIntents() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try await Fixtures.bash(
      """
      printf '%s\\n' 'email blob@pointfree.co' 'password password' login 'x Blob' 'o Blub' play \
        '2 2' '1 1' | $T --frontend text --auth-delay 0 --record log > /dev/null
      printf '%s\\n' '1 3' | $T replay log --speed 1000 --frontend text
      """, in: directory)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains("== Blob, place your X =="))
    #expect(result.standardOutput.contains("this is a replay"))
  }
}

/// `replay --step` and `--speed` through the real executable and on a test clock.
@MainActor
@Suite struct ReplayPaceTests {
  @Test func stepReplaysOneActionPerLineAndTheRestAtTheEndOfInput() async throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try await Fixtures.bash(
      """
      printf '%s\\n' 'email blob@pointfree.co' 'password password' login 'x Blob' 'o Blub' play \
        '2 2' | $T --frontend text --auth-delay 0 --record log > /dev/null
      mkfifo steps
      $T replay log --step --frontend jsonl < steps > events & replay=$!
      exec 3> steps
      printf '\\n\\r\\n' >&3
      until [ "$(grep -c '"type":"action"' events)" = 3 ]; do :; done
      echo "after three steps: $(grep -c '"type":"action"' events)"
      exec 3>&-
      wait $replay; echo "status=$?"
      echo "at the end: $(grep -c '"type":"action"' events) of $(($(grep -c . log) - 1))"
      """, in: directory)
    #expect(result.standardOutput.contains("after three steps: 3"), "\(result)")
    #expect(result.standardOutput.contains("status=0"))
    #expect(result.standardOutput.contains("at the end: 8 of 8"), "\(result)")
  }

  @Test func speedKeepsTheRecordingsPaceOnTheClock() async throws {
    let start = TicTacToe.State()
    func line(_ number: Int, _ milliseconds: Double, _ email: String) -> ReplayDriver.Line {
      var login = Login.State()
      login.email = email
      return (
        number,
        ActionLog.Record(
          action: .login(.view(.binding(.set(\.email, email)))), origin: .frontend,
          time: milliseconds / 1000, state: .login(login))
      )
    }
    let lines = [line(2, 0, "a"), line(3, 1000, "ab"), line(4, 3000, "abc")]
    let store = Store(initialState: start) { TicTacToe().droppingEffects(if: true) }
    let host = FrontEndHost(
      store: store,
      searchPath: FrontEndSearchPath(executablePath: "/nonexistent", environment: [:]),
      loop: PollingEventLoop.shared)
    let clock = TestClock()
    var ended = false
    ReplayDriver(host: host, lines: lines, name: "log")
      .run(at: .recorded(speed: 2, clock: clock)) { _ in ended = true }
    func email() -> String {
      if case .login(let login) = store.state { login.email } else { "" }
    }
    await clock.advance(by: .zero)
    #expect(email() == "a")
    await clock.advance(by: .milliseconds(499))
    #expect(email() == "a")
    await clock.advance(by: .milliseconds(1))
    #expect(email() == "ab")
    await clock.advance(by: .milliseconds(1000))
    #expect(email() == "abc")
    #expect(ended)
  }
}
