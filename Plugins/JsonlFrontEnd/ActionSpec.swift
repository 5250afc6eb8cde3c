import FrontEndKit
import Glibc
import JSONLines
import TicTacToeFrontEndABI

/// One user intent of the protocol, as the host describes it through the ABI's reflection: its
/// case path and its payload fields with their types.
///
/// There is no table here: an intent added to the app is accepted from the next line on, its
/// payload checked against its description, without a change to this front end.
///
/// A class: a line's look-up hands out one reference, not a copy of each string and list.
final class ActionSpec {
  /// The host's description.
  let description: ActionDescription
  /// The payload field names, in call order (worked out once, not for every line).
  let fields: [String]
  /// Whether the payload is a secret (the password), which no message may repeat.
  let isSecret: Bool
  /// The case path's UTF-8 bytes, which a line's are compared with.
  let pathUTF8: [UInt8]
  /// The payload field names' UTF-8 bytes, in call order, which a line's keys are compared
  /// with.
  let fieldsUTF8: [[UInt8]]

  /// The intent the host describes as `description`.
  init(description: ActionDescription) {
    self.description = description
    fields = description.arguments.map(\.name)
    isSecret = description.arguments.contains(where: \.isSecret)
    pathUTF8 = Array(description.casePath.utf8)
    fieldsUTF8 = fields.map { Array($0.utf8) }
  }

  /// Whether the UTF-8 `path` is this intent's case path.
  func isNamed(_ path: UnsafeBufferPointer<UInt8>) -> Bool {
    pathUTF8.withUnsafeBufferPointer { name in
      name.count == path.count
        && (path.isEmpty || memcmp(name.baseAddress!, path.baseAddress!, path.count) == 0)
    }
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
  /// The specs by a hash of their path's bytes (`PathHash`), open-addressed: a slot holds
  /// a spec or is empty, and a look-up goes on from the hash's slot to the first empty one.
  /// Twice as many slots as specs, a power of two. No exclusivity check at every line: only
  /// ``reload()`` writes it.
  @exclusivity(unchecked) private var slots: [ActionSpec?] = [nil]
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
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: Self.hash(path)) & mask
    while let spec = slots[slot] {
      if spec.isNamed(path) { return spec }
      slot = (slot + 1) & mask
    }
    return nil
  }

  private func reload() {
    isRead = true
    specs = Dictionary(
      host.actions().map { ($0.casePath, ActionSpec(description: $0)) },
      uniquingKeysWith: { _, last in last })
    var count = 1
    while count < specs.count * 2 { count *= 2 }
    var slots = [ActionSpec?](repeating: nil, count: max(count, 2))
    for spec in specs.values {
      var slot = spec.pathUTF8.withUnsafeBufferPointer { Int(truncatingIfNeeded: Self.hash($0)) }
      while slots[slot & (slots.count - 1)] != nil { slot += 1 }
      slots[slot & (slots.count - 1)] = spec
    }
    self.slots = slots
  }

  private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    PathHash.of(UnsafeRawBufferPointer(bytes))
  }
}
