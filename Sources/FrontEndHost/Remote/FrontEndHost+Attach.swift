import HostIO
import TicTacToeAppCore
import UnidirectionalFlow

/// `tictactoe attach`: a host whose game runs in another process, a `tictactoe --listen`
/// host, and whose front ends are served the C ABI over it as if it ran here.
///
/// Reads are answered from the last state the host sent; sends and edits are forwarded
/// (secrets to the host only); subscriptions fire on the host's `state` events and action
/// observers on its `action` events; a settle is the host's. Rewinding is the host's to do.
/// When the host goes away, the client detaches its front ends (restoring the terminal) and
/// exits with ``ExitStatus/hostWentAway``.
extension FrontEndHost {
  /// A host for the front ends of a client of `game`, on the game's event loop; they are
  /// attached by the caller.
  public static func attached(
    to game: RemoteGame, searchPath: FrontEndSearchPath, settleTimeout: Duration,
    terminalOutput: OutputSink? = nil
  ) -> FrontEndHost {
    let store = Store(initialState: game.state) { RemoteMirror(game: game) }
    let host = FrontEndHost(
      store: store, searchPath: searchPath, loop: game.loop, settleTimeout: settleTimeout,
      terminalOutput: terminalOutput)
    host.remote = game
    host.bridge.broadcastsStoreActions = false
    game.onState = { [unowned host] state in
      if state != host.store.state { host.bridge.rewind(to: state) }
    }
    game.onAction = { [unowned host] casePath, fromEffect, error, payload in
      host.bridge.broadcast(
        casePath: casePath, fromEffect: fromEffect, error: error, payload: payload)
    }
    game.onError = { [unowned host, path = game.path] in host.say("tictactoe: \(path): \($0)") }
    game.onEnd = { [unowned host, path = game.path] reason in
      host.quit(.hostWentAway("the host at \(path) went away (\(reason))"))
    }
    // A move typed just before quitting still reaches the host.
    let exit = host.onExit
    host.onExit = { status in
      game.close()
      exit(status)
    }
    game.start()
    return host
  }
}
