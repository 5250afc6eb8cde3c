import Persistence
import TicTacToeAppCore
import TicTacToeAuthenticationClientLive
import UnidirectionalFlow

/// This app's own reducer (`TicTacToe`, with every screen's reducer under it) run through a
/// store, against ``ManualApp``, the same logic written as a switch, on the same actions.
@MainActor
enum AppBenchmarks {
  /// `App.LoginEdit`: an edit of the login form's email, per action.
  static let loginEdit = Benchmark(
    name: "App.LoginEdit",
    library: { storeWorkload(appStore(TicTacToe.State()), AppScript.loginEdits) },
    baseline: { manualWorkload(TicTacToe.State(), AppScript.loginEdits) })

  /// `App.LoginEdit.Host`: the same edit through the reducer as the `tictactoe` host builds
  /// it, wrapped to drop effects during a replay; it must cost what `App.LoginEdit` does.
  static let hostLoginEdit = Benchmark(
    name: "App.LoginEdit.Host",
    library: { storeWorkload(hostStore(TicTacToe.State()), AppScript.loginEdits) },
    baseline: { manualWorkload(TicTacToe.State(), AppScript.loginEdits) })

  /// `App.Move`: a game's moves and "Play again", per action.
  static let move = Benchmark(
    name: "App.Move",
    library: { storeWorkload(appStore(AppScript.inGame), AppScript.round) },
    baseline: { manualWorkload(AppScript.inGame, AppScript.round) })

  /// `App.FullGame`: sign in, name the players, play a tied game and log out, per game
  /// (``AppScript/fullGame``, 16 actions).
  static let fullGame = Benchmark(
    name: "App.FullGame",
    library: { storeWorkload(appStore(TicTacToe.State()), [AppScript.fullGame]) },
    baseline: { manualWorkload(TicTacToe.State(), [AppScript.fullGame]) })

  /// Each operation sends the next entry of `script` (a list of actions) to `store`, round
  /// and round.
  private static func storeWorkload(
    _ store: Store<TicTacToe.State, TicTacToe.Action>, _ script: [[TicTacToe.Action]]
  ) -> Workload {
    let start = store.state
    return .sync { iterations in
      for iteration in 0..<iterations {
        for action in script[iteration % script.count] { store.send(action) }
      }
      BlackHole.consume(store.state == start ? 1 : 0)
    }
  }

  private static func storeWorkload(
    _ store: Store<TicTacToe.State, TicTacToe.Action>, _ script: [TicTacToe.Action]
  ) -> Workload {
    storeWorkload(store, script.map { [$0] })
  }

  /// The hand-written side of a ``storeWorkload(_:_:)-(_,[[TicTacToe.Action]])``, from `start`.
  private static func manualWorkload(
    _ start: TicTacToe.State, _ script: [[TicTacToe.Action]]
  ) -> Workload {
    let store = ManualStore<ManualApp>(initialState: start)
    return .sync { iterations in
      for iteration in 0..<iterations {
        for action in script[iteration % script.count] { store.send(action) }
      }
      BlackHole.consume(store.state == start ? 1 : 0)
    }
  }

  private static func manualWorkload(
    _ start: TicTacToe.State, _ script: [TicTacToe.Action]
  ) -> Workload {
    manualWorkload(start, script.map { [$0] })
  }

  /// The app's store from `start`, its server answering at once (no script waits for it).
  static func appStore(_ start: TicTacToe.State) -> Store<TicTacToe.State, TicTacToe.Action> {
    Store(initialState: start) {
      TicTacToe()
    } withDependencies: {
      $0.authenticationClient = .live(latency: .zero)
    }
  }

  /// The app's store as the `tictactoe` host makes it (outside a replay).
  static func hostStore(_ start: TicTacToe.State) -> Store<TicTacToe.State, TicTacToe.Action> {
    Store(initialState: start) {
      TicTacToe().droppingEffects(if: false)
    } withDependencies: {
      $0.authenticationClient = .live(latency: .zero)
    }
  }
}
