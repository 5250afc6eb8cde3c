import Foundation
import JSONLines
import TestSupport
import Testing

/// A `tictactoe` whose `jsonl` front end owns standard input and output, with the `web` front
/// end attached beside it: the test drives and watches the game in JSON lines while a browser
/// (or a raw HTTP client) talks to the page's server.
final class WebHost {
  /// The host process.
  let process: HostProcess
  /// The page's address, with the run's token, as the host printed it on standard error.
  let url: String
  /// The port the web front end listens on, on 127.0.0.1.
  let port: UInt16
  /// The run's token, from ``url``.
  let token: String

  private var markers = 0

  /// Whether the web front end was built (the package leaves it out without libmicrohttpd's
  /// header); its tests are skipped without it.
  static var isBuilt: Bool {
    FileManager.default.fileExists(
      atPath: productsDirectory.appendingPathComponent("libtictactoe-web.so").path)
  }

  /// The `Host` header of this server, as the page's own requests send it.
  var authority: String { "127.0.0.1:\(port)" }

  /// A request to this server with the right `Host`; `path` gets the run's token when
  /// `withToken`.
  func request(
    _ method: String, _ path: String, withToken: Bool = true, body: String? = nil
  ) -> HTTPRequest {
    let separator = path.contains("?") ? "&" : "?"
    return HTTPRequest(
      method: method, target: withToken ? "\(path)\(separator)token=\(token)" : path,
      host: authority, body: body)
  }

  /// Sends `request` on a new connection and reads the response.
  func exchange(
    _ request: HTTPRequest, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> HTTPConnection.Response {
    try HTTPConnection.exchange(port: port, request.text, sourceLocation: sourceLocation)
  }

  /// Starts the host with `--frontend jsonl --frontend web` and reads the page's URL from
  /// standard error; the `hello` and first `state` events are read.
  init(sourceLocation: SourceLocation = #_sourceLocation) throws {
    process = try HostProcess(
      HostProcess.defaultArguments + ["--frontend", "web"], sourceLocation: sourceLocation)
    let line = try #require(
      process.standardErrorLine(containing: "http://", sourceLocation: sourceLocation))
    let start = try #require(line.range(of: "http://"), sourceLocation: sourceLocation)
    url = String(line[start.lowerBound...].prefix { $0 != " " })
    let components = try #require(URLComponents(string: url), sourceLocation: sourceLocation)
    port = try #require(components.port.flatMap { UInt16(exactly: $0) })
    token = try #require(components.queryItems?.first { $0.name == "token" }?.value)
    #expect(components.host == "127.0.0.1", "web alone listens on loopback")
    #expect(try nextEvent()["type"] == "hello")
    #expect(try nextEvent()["type"] == "state")
  }

  /// Logs in through the JSON lines and waits for the new-game screen.
  func logIn() throws {
    send("login.view.binding.email", ["value": "blob@pointfree.co"])
    send("login.view.binding.password", ["value": "password"])
    send("login.view.loginButtonTapped")
    while try nextState()["newGame"] == nil {}
  }

  /// Sends the action `path` with its payload `fields` as a JSON line.
  func send(_ path: String, _ fields: KeyValuePairs<String, JSONValue> = [:]) {
    var object = JSONObject()
    object.insert(.string(path), forKey: "action")
    for (key, value) in fields { object.insert(value, forKey: key) }
    process.send(JSONValue.object(object).description)
  }

  /// The next event the `jsonl` front end wrote.
  func nextEvent(sourceLocation: SourceLocation = #_sourceLocation) throws -> JSONValue {
    let line = try #require(
      process.readLine(), "the host's output ended", sourceLocation: sourceLocation)
    return try JSONParser().parse(line)
  }

  /// The next `state` event's state.
  func nextState(sourceLocation: SourceLocation = #_sourceLocation) throws -> JSONValue {
    while true {
      let event = try nextEvent(sourceLocation: sourceLocation)
      if event["type"] == "state", let state = event["state"] { return state }
    }
  }

  /// The state the store holds now, as the `jsonl` observer sees it: a `snapshot` is sent,
  /// then a line the front end refuses with an `id` of its own, whose `error` marks where the
  /// snapshot's `state` ends the events that came before it.
  func stateNow(sourceLocation: SourceLocation = #_sourceLocation) throws -> JSONValue {
    markers += 1
    let marker = JSONValue.string("checkpoint-\(markers)")
    process.send(#"{"command":"snapshot"}"#)
    process.send(JSONValue(dictionaryLiteral: ("id", marker)).description)
    var last: JSONValue?
    while true {
      let event = try nextEvent(sourceLocation: sourceLocation)
      if event["type"] == "state" { last = event["state"] }
      if event["type"] == "error" && event["id"] == marker {
        return try #require(last, "no state before the marker", sourceLocation: sourceLocation)
      }
    }
  }

  /// Ends the host with the end of its input; returns its exit status and standard error.
  func finish(sourceLocation: SourceLocation = #_sourceLocation) -> (
    status: Int32, standardError: String
  ) {
    process.finishWithoutChecks(sourceLocation: sourceLocation)
  }

  /// Ends the host with `signalNumber`, its input still open; returns its exit status and
  /// standard error.
  func finish(
    bySignal signalNumber: Int32, sourceLocation: SourceLocation = #_sourceLocation
  ) -> (status: Int32, standardError: String) {
    process.finish(bySignal: signalNumber, sourceLocation: sourceLocation)
  }
}
