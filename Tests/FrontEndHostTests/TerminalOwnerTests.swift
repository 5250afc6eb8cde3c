import FrontEndHost
import TestSupport
import Testing

/// `onTerminalOwnerChange`, which the `tictactoe` executable uses to tell its crash guard
/// whether a full-screen interface is up, fires exactly when the terminal owner changes.
@MainActor
@Suite struct TerminalOwnerTests {
  @Test func theHookFollowsTheTerminalOwnerAndIgnoresObservers() throws {
    let host = makeTestHost()
    let directory = try Fixtures.temporaryDirectory()
    var changes: [String] = []
    host.onTerminalOwnerChange = { owner in
      changes.append(owner.map { "\($0.name) full-screen: \($0.frontEnd.isFullScreen)" } ?? "none")
    }
    let text = try Fixtures.stockFrontEnd("text")
    let ansi = try Fixtures.stockFrontEnd("ansi")
    let owner = try host.attach(
      FrontEndSpec("\(text):\(directory.appendingPathComponent("text.out").path)"),
      ownsTerminal: true
    ).get()
    #expect(changes == ["text full-screen: false"])

    let observer = try host.attach(
      FrontEndSpec("\(ansi):\(directory.appendingPathComponent("ansi.out").path)"),
      ownsTerminal: false
    ).get()
    #expect(observer.frontEnd.isFullScreen, "ansi declares TTT_FRONTEND_FULL_SCREEN")
    host.detach(observer)
    #expect(changes == ["text full-screen: false"], "observers do not change the owner")

    host.detach(owner)
    #expect(changes == ["text full-screen: false", "none"])
  }
}
