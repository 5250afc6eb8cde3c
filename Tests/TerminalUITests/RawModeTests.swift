import Glibc
import Testing

@testable import TerminalUI

/// Raw mode on a pseudo-terminal of the test's own: entered, then restored byte for byte.
@Suite struct RawModeTests {
  /// Opens a pseudo-terminal; returns the controller and the terminal side. (`posix_openpt`
  /// and friends are not visible to Swift, so this is the Linux ioctl way.)
  private func openPseudoTerminal() throws -> (controller: Int32, terminal: Int32) {
    let unlockRequest: UInt = 0x4004_5431  // TIOCSPTLCK
    let numberRequest: UInt = 0x8004_5430  // TIOCGPTN
    let controller = open("/dev/ptmx", O_RDWR | O_NOCTTY)
    try #require(controller >= 0)
    var unlock: Int32 = 0
    var number: UInt32 = 0
    try #require(ioctl(controller, unlockRequest, &unlock) == 0)
    try #require(ioctl(controller, numberRequest, &number) == 0)
    let terminal = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
    try #require(terminal >= 0)
    return (controller, terminal)
  }

  private func settings(_ descriptor: Int32) -> termios {
    var settings = termios()
    _ = tcgetattr(descriptor, &settings)
    return settings
  }

  private func bytes(_ settings: termios) -> [UInt8] {
    withUnsafeBytes(of: settings) { Array($0) }
  }

  @Test func entersRawModeAndRestoresExactly() throws {
    let (controller, terminal) = try openPseudoTerminal()
    defer {
      close(terminal)
      close(controller)
    }
    let original = settings(terminal)
    #expect(RawMode.isTerminal(terminal))
    let mode = RawMode(descriptor: terminal)
    try mode.enter()
    #expect(mode.isRaw)
    let raw = settings(terminal)
    #expect(raw.c_lflag & tcflag_t(ICANON | ECHO | ISIG) == 0)
    try mode.enter()  // a second enter keeps the first saved settings
    mode.restore()
    #expect(!mode.isRaw)
    #expect(bytes(settings(terminal)) == bytes(original))
  }

  @Test func aPipeIsNotATerminal() throws {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    defer { for end in ends { close(end) } }
    #expect(!RawMode.isTerminal(ends[0]))
    #expect(throws: TerminalError.self) { try RawMode(descriptor: ends[0]).enter() }
  }
}
