import TicTacToeAuthenticationClient
import UnidirectionalFlow

extension AuthenticationClient: DependencyKey {
  /// The demo server with its default one-second latency; linking this module is what gives
  /// the running app a working client.
  public static let liveValue = AuthenticationClient.live()
}
