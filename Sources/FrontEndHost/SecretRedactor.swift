import AppCore
import HostIO

/// The secrets the app holds now, kept up to date on the store thread and read from any thread:
/// what `ttt_host_api.redact` and the host's own messages that quote input replace with `***`.
///
/// Only text that quotes input goes through it, never a whole output: with the password
/// `password`, redacting everything would mangle the field name `"password"` too.
final class SecretRedactor: Sendable {
  private let secrets = Lock<[String]>([])

  /// Takes the secrets of `state` (store thread).
  func update(from state: TicTacToe.State) {
    let current = state.secrets.sorted { $0.count > $1.count }
    secrets.withLock { if $0 != current { $0 = current } }
  }

  /// `text` with every occurrence of a current secret replaced by `***` (the longest first, so
  /// a secret that contains another is replaced whole).
  func redact(_ text: String) -> String {
    let secrets = secrets.withLock { $0 }
    var text = text
    for secret in secrets where text.contains(secret) {
      text = text.replacing(secret, with: "***")
    }
    return text
  }
}
