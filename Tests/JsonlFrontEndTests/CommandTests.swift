import JSONLines
import TestSupport
import Testing

/// `snapshot`, `settle` and `quit`, and what the end of input does.
@Suite struct CommandTests {
  typealias E = Expected
  let snapshot = Input.command("snapshot")
  let settle = Input.command("settle")
  let quit = Input.command("quit")
  let loginTapped = Input.action("login.view.loginButtonTapped")
  let credentials = Array(Input.logIn().prefix(2))

  @Test func snapshotWritesTheStateChangedOrNot() throws {
    let transcript = try HostProcess.run(lines: [
      snapshot, snapshot, Input.action("login.view.binding.email", ["value": "a@b"]), snapshot,
    ])
    #expect(
      transcript.afterAttach == [
        E.state(States.login()), E.state(States.login()),
        E.action("login.view.binding.email", payload: ["value": "a@b"]),
        E.state(States.login(email: "a@b")),
        E.state(States.login(email: "a@b")),
      ])
  }

  @Test func withoutSettleTheNextLineIsReadAtOnce() throws {
    // The server takes 30 s: the snapshot sees the request in flight, and the host quits at
    // the end of the input with the request abandoned (an error event, status 6).
    let transcript = try HostProcess.run(
      lines: credentials + [loginTapped, snapshot],
      arguments: ["--frontend", "jsonl", "--auth-delay", "30", "--settle-timeout", "0"])
    let events = transcript.events
    #expect(events.dropLast().last?.state?["login"]?["isLoginRequestInFlight"] == true)
    #expect(transcript.afterAttach.last == Self.abandoned)
    #expect(transcript.status == 6)
  }

  /// The error event of a quit whose settle timed out.
  private static let abandoned = E.error(
    "effects were still running at the settle timeout when the host quit (see "
      + "--settle-timeout); they were abandoned", line: nil, id: nil)

  @Test func settleHoldsBackTheLinesAlreadyReceived() throws {
    // The server takes 0.2 s; the lines after settle arrive long before that, in the same read.
    let transcript = try HostProcess.run(
      lines: credentials + [loginTapped, settle, snapshot, snapshot],
      arguments: ["--frontend", "jsonl", "--auth-delay", "0.2"])
    #expect(
      Array(transcript.afterAttach.suffix(4)) == [
        E.action(
          "login.loginResponse.success", effect: true,
          payload: ["token": "<redacted>", "twoFactorRequired": false]), E.state(States.newGame()),
        E.state(States.newGame()), E.state(States.newGame()),
      ])
  }

  @Test func settleWithNothingInFlightContinuesAtOnce() throws {
    let transcript = try HostProcess.run(lines: [settle, settle, snapshot, settle])
    #expect(transcript.afterAttach == [E.state(States.login())])
  }

  @Test func settleHoldsBackLinesThatArriveWhileWaiting() throws {
    let host = try HostProcess(["--frontend", "jsonl", "--auth-delay", "0.2"])
    for line in credentials + [loginTapped, settle] { host.send(line) }
    host.send(snapshot)  // a write of its own, arriving while the host settles
    let transcript = try host.finish()
    #expect(
      Array(transcript.afterAttach.suffix(3)) == [
        E.action(
          "login.loginResponse.success", effect: true,
          payload: ["token": "<redacted>", "twoFactorRequired": false]), E.state(States.newGame()),
        E.state(States.newGame()),
      ])
  }

  @Test func aSettleTimeoutIsAnErrorAndTheNextLineIsRead() throws {
    let transcript = try HostProcess.run(
      lines: credentials + [loginTapped, Input.command("settle", id: "wait"), snapshot],
      arguments: ["--frontend", "jsonl", "--auth-delay", "30", "--settle-timeout", "0.05"])
    let inFlight = States.login(
      email: "blob@pointfree.co", password: "<redacted>", isFormValid: true,
      isLoginRequestInFlight: true)
    #expect(
      Array(transcript.afterAttach.suffix(4)) == [
        E.state(inFlight),
        E.error(
          "settle timed out: effects are still running (see --settle-timeout)", line: 4,
          id: "wait"),
        E.state(inFlight), Self.abandoned,
      ])
    #expect(transcript.status == 6)
  }

  @Test func quitSettlesThenExitsAndIgnoresTheRest() throws {
    let transcript = try HostProcess.run(
      lines: credentials + [loginTapped, quit, snapshot, "not even JSON", loginTapped],
      arguments: ["--frontend", "jsonl", "--auth-delay", "0.1"])
    #expect(
      Array(transcript.afterAttach.suffix(2)) == [
        E.action(
          "login.loginResponse.success", effect: true,
          payload: ["token": "<redacted>", "twoFactorRequired": false]), E.state(States.newGame()),
      ])
    #expect(transcript.errors.isEmpty)
    #expect(transcript.status == 0)
  }

  @Test func quitExitsWhileTheInputStaysOpen() throws {
    let host = try HostProcess()
    host.send(snapshot)
    host.send(quit)
    // The input is never closed: the host exits on its own, ending the output.
    var events: [Event] = []
    while let line = host.readLine() { events.append(try Event(line: line)) }
    #expect(events.map(\.type) == ["hello", "state", "state"])
    let transcript = try host.finish()
    #expect(transcript.status == 0)
  }

  @Test func theEndOfInputFinishesTheEffectsInFlight() throws {
    let transcript = try HostProcess.run(
      lines: credentials + [loginTapped],
      arguments: ["--frontend", "jsonl", "--auth-delay", "0.1"])
    #expect(
      Array(transcript.afterAttach.suffix(2)) == [
        E.action(
          "login.loginResponse.success", effect: true,
          payload: ["token": "<redacted>", "twoFactorRequired": false]), E.state(States.newGame()),
      ])
    #expect(transcript.status == 0)
  }

  @Test func emptyInputWritesTheAttachEventsAndExits() throws {
    let transcript = try HostProcess.run([])
    #expect(transcript.events.map(\.type) == ["hello", "state"])
    #expect(transcript.status == 0)
    #expect(transcript.standardError.isEmpty)
  }
}
