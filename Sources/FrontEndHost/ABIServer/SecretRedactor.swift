import HostIO
import TicTacToeAppCore
import TicTacToeLoginCore

/// The secrets the app holds now, kept up to date on the store thread and read from any thread:
/// what `ttt_host_api.redact` and the host's own messages that quote input keep out.
///
/// A quote that holds a secret is replaced as a whole by `***`, never masked in place: with the
/// password `e`, masking it in "enter" would leave `***nt***r`, and the gaps would spell the
/// password. So only a quote of input goes through it, never a whole message: a message that
/// quotes no input holds no secret.
final class SecretRedactor: Sendable {
  private struct Secrets {
    /// The app's secrets now.
    var current: [String] = []
    /// The secrets of when a request being carried out was made (see ``holding(_:_:)``).
    var held: [String] = []
  }

  private let secrets = Lock(Secrets())

  /// Takes the secrets of `state` (store thread).
  func update(from state: TicTacToe.State) {
    // Most changes touch no secret: compare in place, without making the list of them.
    guard !Self.holds(state, exactly: secrets.read(\.current)) else { return }
    let current = state.secrets
    secrets.withLock { if $0.current != current { $0.current = current } }
  }

  /// Whether `state.secrets` would be `secrets`, found without making that list.
  private static func holds(_ state: TicTacToe.State, exactly secrets: [String]) -> Bool {
    guard case .login(let login) = state else { return secrets.isEmpty }
    var remaining = secrets[...]
    func next(_ secret: String) -> Bool {
      guard !secret.isEmpty else { return true }
      guard remaining.first == secret else { return false }
      remaining = remaining.dropFirst()
      return true
    }
    return next(login.password) && next(login.twoFactor?.token ?? "") && remaining.isEmpty
  }

  /// The app's secrets now, to hold on to while a request made now waits to be carried out.
  var current: [String] { secrets.read(\.current) }

  /// Runs `body` redacting `held` too: the secrets of when the request it carries out was made
  /// (a script may have typed the next password meanwhile, and the request still quotes the
  /// old one).
  func holding<R>(_ held: [String], _ body: () -> R) -> R {
    let saved = secrets.withLock { secrets in
      defer { secrets.held = held }
      return secrets.held
    }
    defer { secrets.withLock { $0.held = saved } }
    return body()
  }

  /// `text`, or `***` in its place when it holds a secret (see the type's notes).
  func redact(_ text: String) -> String {
    let all = secrets.read { $0.current + $0.held }
    return all.contains { text.contains($0) } ? "***" : text
  }
}
