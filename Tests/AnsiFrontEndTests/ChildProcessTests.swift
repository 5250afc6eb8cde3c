import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The children tests start (tmux servers, piped hosts) inherit no descriptor of the test
/// process but the ones they are given: a descriptor another test left without close-on-exec,
/// as Foundation's `Pipe` leaves its ends, would otherwise be held open by a tmux server for as
/// long as it lives, and a host reading that pipe would never see its input end.
@Suite struct ChildProcessTests {
  @Test func aChildInheritsNoDescriptorItWasNotGiven() throws {
    var ends: [Int32] = [-1, -1]
    try #require(pipe(&ends) == 0, "pipe failed")
    defer { for end in ends { close(end) } }
    try #require(fcntl(ends[1], F_GETFD) & FD_CLOEXEC == 0, "the write end is inheritable")
    let probe =
      "test -e /proc/self/fd/\(ends[1]) && echo inherited || echo closed; test -e /proc/self/fd/1 && echo output"
    let (status, output) = try ChildProcess.run("/bin/sh", ["-c", probe])
    #expect(status == 0)
    #expect(output == "closed\noutput\n", "the child saw: \(output)")
  }
}
