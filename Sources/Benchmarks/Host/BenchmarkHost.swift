import FrontEndHost
import HostIO
import TicTacToeAppCore
import TicTacToeAuthenticationClientLive
import UnidirectionalFlow

/// A host around a fresh app store, as the host benchmarks use it: the server answers at once,
/// stock front ends are found next to this executable, and diagnostics are dropped.
@MainActor
func makeBenchmarkHost() -> FrontEndHost {
  let store = Store(initialState: TicTacToe.State()) {
    TicTacToe()
  } withDependencies: {
    $0.authenticationClient = .live(latency: .zero)
  }
  let host = FrontEndHost(
    store: store,
    searchPath: FrontEndSearchPath(executablePath: BuiltProducts.tictactoe, environment: [:]),
    loop: PollingEventLoop.shared)
  host.diagnostics = { _ in }
  return host
}
