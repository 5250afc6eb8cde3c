#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A snapshot of a terminal's modes (`tcgetattr`), to tell what a front end changed and did
/// not restore.
public struct TerminalModes: Equatable, Sendable {
  /// Input, output, control and local mode flags.
  var input, output, control, local: UInt32
  /// The control characters (`c_cc`).
  var characters: [UInt8]

  /// The modes of the terminal on `descriptor`, or `nil` if it is not a terminal.
  public static func read(_ descriptor: Int32) -> TerminalModes? {
    guard isatty(descriptor) == 1 else { return nil }
    var modes = termios()
    guard tcgetattr(descriptor, &modes) == 0 else { return nil }
    return TerminalModes(modes)
  }

  /// Sets the terminal on `descriptor` back to the modes `saved` holds.
  public static func restore(_ saved: termios, on descriptor: Int32) {
    var modes = saved
    _ = tcsetattr(descriptor, TCSANOW, &modes)
  }

  /// The raw modes of the terminal on `descriptor`, to restore later.
  public static func save(_ descriptor: Int32) -> termios? {
    guard isatty(descriptor) == 1 else { return nil }
    var modes = termios()
    return tcgetattr(descriptor, &modes) == 0 ? modes : nil
  }

  init(_ modes: termios) {
    input = UInt32(modes.c_iflag)
    output = UInt32(modes.c_oflag)
    control = UInt32(modes.c_cflag)
    local = UInt32(modes.c_lflag)
    characters = withUnsafeBytes(of: modes.c_cc) { Array($0) }
  }

  /// What changed from `self` to `other`, in words: "ECHO and ICANON were turned off".
  public func differences(to other: TerminalModes) -> [String] {
    var changes: [String] = []
    func compare(_ old: UInt32, _ new: UInt32, _ names: [(Int32, String)], _ what: String) {
      guard old != new else { return }
      let named = names.filter { old & UInt32($0.0) != new & UInt32($0.0) }
      let off = named.filter { old & UInt32($0.0) != 0 }.map(\.1)
      let on = named.filter { new & UInt32($0.0) != 0 }.map(\.1)
      if !off.isEmpty { changes.append("\(Self.list(off)) turned off") }
      if !on.isEmpty { changes.append("\(Self.list(on)) turned on") }
      if off.isEmpty && on.isEmpty {
        changes.append(
          "\(what) changed from 0x\(String(old, radix: 16)) to 0x\(String(new, radix: 16))")
      }
    }
    compare(input, other.input, Self.inputFlags, "input modes")
    compare(output, other.output, Self.outputFlags, "output modes")
    compare(control, other.control, [], "control modes")
    compare(local, other.local, Self.localFlags, "local modes")
    if characters != other.characters {
      let indices = characters.indices.filter { characters[$0] != other.characters[$0] }
      let names = indices.map { index in
        Self.characterNames.first { Int($0.0) == index }?.1 ?? "c_cc[\(index)]"
      }
      changes.append("control characters \(Self.list(names)) changed")
    }
    return changes
  }

  private static func list(_ names: [String]) -> String {
    names.count <= 1
      ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + names.last!
  }

  private static let inputFlags: [(Int32, String)] = [
    (ICRNL, "ICRNL"), (IXON, "IXON"), (BRKINT, "BRKINT"), (INPCK, "INPCK"),
    (ISTRIP, "ISTRIP"), (INLCR, "INLCR"), (IGNCR, "IGNCR"), (IXOFF, "IXOFF"),
  ]
  private static let outputFlags: [(Int32, String)] = [(OPOST, "OPOST"), (ONLCR, "ONLCR")]
  private static let localFlags: [(Int32, String)] = [
    (ECHO, "ECHO"), (ICANON, "ICANON"), (ISIG, "ISIG"), (IEXTEN, "IEXTEN"),
    (ECHOE, "ECHOE"), (ECHOK, "ECHOK"), (ECHONL, "ECHONL"), (TOSTOP, "TOSTOP"),
  ]
  private static let characterNames: [(Int32, String)] = [
    (VMIN, "VMIN"), (VTIME, "VTIME"), (VINTR, "VINTR"), (VQUIT, "VQUIT"), (VERASE, "VERASE"),
    (VKILL, "VKILL"), (VEOF, "VEOF"), (VSUSP, "VSUSP"),
  ]
}
