import Foundation
import JSONLines
import Testing

/// The web front end's HTTP rules, checked with a raw client that writes each request by hand:
/// the token, the `Origin` and `Host` headers, the body's size, many idle connections, a stream
/// nobody reads, and SIGTERM with streams open. Every refusal leaves the game as it was.
@Suite(
  .enabled(
    if: WebHost.isBuilt,
    "the web front end was not built (libmicrohttpd-dev is missing): nothing to test"))
struct HTTPRulesTests {
  /// The intent that sets the email, as the page sends it.
  static let emailIntent = #"{"action":"login.view.binding.email","value":"web@example.com"}"#

  /// The email the store holds now.
  func email(_ host: WebHost) throws -> JSONValue? {
    try host.stateNow()["login"]?["email"]
  }

  @Test func aWrongOrMissingTokenIsRefused() throws {
    let host = try WebHost()
    #expect(try host.exchange(host.request("GET", "/")).status == 200)
    for path in ["/", "/events", "/intent"] {
      let method = path == "/intent" ? "POST" : "GET"
      let body = path == "/intent" ? Self.emailIntent : nil
      for target in [path, "\(path)?token=0123456789abcdef", "\(path)?token="] {
        let request = HTTPRequest(method: method, target: target, host: host.authority, body: body)
        let response = try host.exchange(request)
        #expect([401, 403].contains(response.status), "\(method) \(target): \(response)")
        #expect(response.body.contains("token"), "the refusal says why: \(response.body)")
        #expect(!response.body.contains(host.token), "a refusal never shows the token")
      }
    }
    #expect(try email(host) == "")
    #expect(host.finish().status == 0)
  }

  @Test func aForeignOriginIsRefused() throws {
    let host = try WebHost()
    var request = host.request("POST", "/intent", body: Self.emailIntent)
    request.headers = ["Origin: http://evil.example"]
    let refused = try host.exchange(request)
    #expect(refused.status == 403, "\(refused)")
    #expect(refused.body.contains("origin"), "\(refused.body)")
    #expect(try email(host) == "")
    // The page's own origin is taken.
    request.headers = ["Origin: http://\(host.authority)"]
    #expect(try host.exchange(request).status == 204)
    #expect(try email(host) == "web@example.com")
    #expect(host.finish().status == 0)
  }

  @Test func aForeignHostIsRefusedAgainstDNSRebinding() throws {
    let host = try WebHost()
    for name in ["evil.example:\(host.port)", "evil.example", "127.0.0.1.evil.example"] {
      var request = host.request("POST", "/intent", body: Self.emailIntent)
      request.host = name
      let response = try host.exchange(request)
      #expect(response.status == 403, "Host: \(name): \(response)")
      #expect(response.body.contains("Host"), "\(response.body)")
    }
    var missing = host.request("GET", "/")
    missing.host = nil
    #expect(try host.exchange(missing).status != 200)
    #expect(try email(host) == "")
    var local = host.request("GET", "/")
    local.host = "localhost:\(host.port)"
    #expect(try host.exchange(local).status == 200)
    #expect(host.finish().status == 0)
  }

  @Test func anOversizedBodyIsRefused() throws {
    let host = try WebHost()
    let long = String(repeating: "a", count: 8192)
    let body = #"{"action":"login.view.binding.email","value":"\#(long)@example.com"}"#
    let response = try host.exchange(host.request("POST", "/intent", body: body))
    #expect(response.status == 413, "\(response)")
    #expect(try email(host) == "")
    // A body of the same kind within the limit is taken.
    #expect(
      try host.exchange(host.request("POST", "/intent", body: Self.emailIntent)).status == 204)
    #expect(try email(host) == "web@example.com")
    #expect(host.finish().status == 0)
  }

  @Test func twoHundredIdleConnectionsNeitherStallTheHostNorOutliveTheirTimeout() throws {
    let host = try WebHost()
    let idle = try (0..<200).map { _ in try HTTPConnection(port: host.port) }
    // Half of them start a request and never finish it.
    for connection in idle.prefix(100) { connection.send("GET /?token=") }
    // The host still answers its JSON lines at once.
    host.send("login.view.binding.email", ["value": "still@here.example"])
    #expect(try host.nextState()["login"]?["email"] == "still@here.example")
    // Each one is refused (past the limits) or timed out by the server: none stays open.
    let closed = idle.filter { $0.waitForClose() }.count
    #expect(closed == idle.count)
    // Once they are gone, the page is served again. The server frees a connection's slot just
    // after it closes it, so the first requests may still be closed unanswered: each attempt
    // waits for the server's answer, and a few hundred are far more than that takes.
    let served = try (1...500).first { _ in
      let connection = try HTTPConnection(port: host.port)
      connection.send(host.request("GET", "/").text)
      return connection.readStatus() == 200
    }
    #expect(served != nil, "the page was not served again after the idle connections closed")
    let (status, standardError) = host.finish()
    #expect(status == 0, "\(standardError)")
  }

  @Test func aStreamNobodyReadsNeitherStallsTheHostNorGrowsItsMemory() throws {
    let host = try WebHost()
    try host.logIn()
    // Long names make every state about 10 KB: 600 of them are far more than the socket
    // buffers of a reader that never reads hold, so the server must drop the states it could
    // not send, keeping only the latest.
    let name = String(repeating: "n", count: 2_000)
    host.send("newGame.binding.xPlayerName", ["value": .string("X" + name)])
    host.send("newGame.binding.oPlayerName", ["value": .string("O" + name)])
    host.send("newGame.letsPlayButtonTapped")
    while try host.nextState()["newGame"]?["game"]?.isNull != false {}
    let stalled = try HTTPConnection(port: host.port)
    stalled.send(host.request("GET", "/events").text)
    let baseline = try #require(host.process.peakMemoryKiB())

    // 100 games won by X in 5 moves each: 500 moves, each answered with its state.
    var produced = 0
    let moves = [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)]
    for game in 0..<100 {
      if game > 0 {
        host.send("newGame.game.playAgainButtonTapped")
        produced += try host.nextState().description.utf8.count
      }
      for (row, column) in moves {
        host.send(
          "newGame.game.cellTapped",
          ["row": .number(JSONNumber(row)), "column": .number(JSONNumber(column))])
        produced += try host.nextState().description.utf8.count
      }
    }
    let peak = try #require(host.process.peakMemoryKiB())
    // Kept, those states would take far more than the socket buffers hold.
    #expect(
      (peak - baseline) << 10 < produced / 4,
      "the host grew from \(baseline) KiB to \(peak) KiB with a stream nobody read, of \(produced) bytes of states"
    )
    // A new stream starts at the latest state.
    host.send("newGame.game.quitButtonTapped")
    _ = try host.nextState()
    host.send("newGame.binding.xPlayerName", ["value": "the-last-state"])
    _ = try host.nextState()
    let fresh = try HTTPConnection(port: host.port)
    fresh.send(host.request("GET", "/events").text)
    #expect(try fresh.readResponse().status == 200)
    #expect(fresh.read(until: "the-last-state"))
    // The stream nobody reads does not hold up the end either.
    let (status, standardError) = host.finish()
    #expect(status == 0, "\(standardError)")
    withExtendedLifetime(stalled) {}
  }

  @Test func sigtermWithStreamsOpenEndsTheHostWithItsUsualStatus() throws {
    let host = try WebHost()
    let streams = try (0..<3).map { _ in try HTTPConnection(port: host.port) }
    for stream in streams {
      stream.send(host.request("GET", "/events").text)
      #expect(try stream.readResponse().status == 200)
      #expect(stream.read(until: "\n\n"), "the first event arrives")
    }
    let (status, _) = host.finish(bySignal: SIGTERM)
    #expect(status == 128 + SIGTERM)
    for stream in streams { #expect(stream.waitForClose()) }
  }
}
