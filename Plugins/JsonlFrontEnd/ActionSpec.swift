import FrontEndKit
import Glibc
import TicTacToeFrontEndABI

/// One user intent of the protocol, as the host describes it through the ABI's reflection: its
/// case path and its payload fields with their types.
///
/// There is no table here: an intent added to the app is accepted from the next line on, its
/// payload checked against its description, without a change to this front end.
struct ActionSpec {
  /// The host's description.
  let description: ActionDescription
  /// The payload field names, in call order (worked out once, not for every line).
  let fields: [String]
  /// Whether the payload is a secret (the password), which no message may repeat.
  let isSecret: Bool

  /// The intent the host describes as `description`.
  init(description: ActionDescription) {
    self.description = description
    fields = description.arguments.map(\.name)
    isSecret = description.arguments.contains(where: \.isSecret)
  }

  /// The case path from the root: `login.view.binding.email`.
  var path: String { description.casePath }
}

/// The host's intents by case path, read through reflection at the first line that names one
/// (not at attach: the first screen needs none of them, and the host makes its catalog when it
/// is first asked), and read again when a line names one it does not know yet (the app may have
/// gained one).
final class ActionDirectory {
  private let host: HostConnection
  private var specs: [String: ActionSpec] = [:]
  /// The specs by the hash of their path's UTF-8 bytes, for ``spec(utf8:)``.
  private var specsByHash: [Int: ActionSpec] = [:]
  private var isRead = false

  init(host: HostConnection) {
    self.host = host
  }

  /// The intent at `path`, or `nil` if the host has none.
  func spec(named path: String) -> ActionSpec? {
    if let spec = specs[path] { return spec }
    reload()
    return specs[path]
  }

  /// Whether `path`, which names no intent, names a server response that only the app's
  /// effects send (the host says, from its schema): a client may never fake one, so it is
  /// refused with its own message rather than as an unknown action.
  func isEffectOnly(_ path: String) -> Bool { host.isEffectOnly(casePath: path) }

  /// The intent whose path is the UTF-8 `path`, found without making a `String` of it, among
  /// those read so far: `nil` when there is none (``spec(named:)`` reads them again).
  func spec(utf8 path: UnsafeBufferPointer<UInt8>) -> ActionSpec? {
    if !isRead { reload() }
    guard let spec = specsByHash[Self.hash(path)] else { return nil }
    // Another path with the same hash is not it. (`memcmp` compares words; `elementsEqual`
    // compared byte by byte, 700 instructions per line.)
    var name = spec.path
    let matches = name.withUTF8 { name in
      name.count == path.count
        && (path.isEmpty || memcmp(name.baseAddress!, path.baseAddress!, path.count) == 0)
    }
    return matches ? spec : nil
  }

  private func reload() {
    isRead = true
    specs = Dictionary(
      host.actions().map { ($0.casePath, ActionSpec(description: $0)) },
      uniquingKeysWith: { _, last in last })
    specsByHash = [:]
    for (path, spec) in specs {
      var path = path
      specsByHash[path.withUTF8(Self.hash)] = spec
    }
  }

  private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var hasher = Hasher()
    hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
    return hasher.finalize()
  }
}
