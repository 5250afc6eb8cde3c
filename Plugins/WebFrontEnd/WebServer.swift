import CMicroHTTPD
import FrontEndKit
import Glibc
import WebRequestRules

/// The page's HTTP server: libmicrohttpd, run by its own thread, serving three routes, each
/// behind ``RequestRules`` (token, `Host`, `Origin`):
///
/// - `GET /?token=T`: the page (``Page``).
/// - `GET /events?token=T`: Server-Sent Events, one full state per event (``StateBroadcast``).
/// - `POST /intent?token=T`: one intent as JSON (``IntentRequest``), answered 204 once the
///   store took it, or 4xx with the reason (``IntentRelay``).
///
/// Why libmicrohttpd: it is a small, maintained C library in Debian, with the three things this
/// needs built in: an internal thread, suspending and resuming a connection from another
/// thread (so the store thread answers an intent and wakes an event stream without MHD
/// polling), and per-connection limits (count, per address, timeout, memory).
/// libwebsockets would bring WebSockets, which this does not need (events go one way; intents
/// are small POSTs), with a larger API and its own event loop to integrate.
final class WebServer: Sendable {
  /// At most this many connections at once, and this many from one address.
  static let connectionLimit: UInt32 = 100
  static let perAddressLimit: UInt32 = 50
  /// A connection idle this long is closed (an event stream waiting for a change is not idle:
  /// it is suspended).
  static let idleTimeoutSeconds: UInt32 = 15

  let rules: RequestRules
  let catalog: IntentCatalog
  let broadcast = StateBroadcast()
  let relay: IntentRelay
  private let poster: StoreThreadPoster

  /// A server that accepts requests by `rules` and intents of `catalog`, queues them on
  /// `relay` and has the store thread woken by `poster`.
  init(
    rules: RequestRules, catalog: IntentCatalog, relay: IntentRelay, poster: StoreThreadPoster
  ) {
    self.rules = rules
    self.catalog = catalog
    self.relay = relay
    self.poster = poster
  }

  /// Starts MHD's thread on the listening socket `descriptor` (MHD closes it when it stops).
  /// The server must outlive the daemon.
  func start(listeningOn descriptor: Int32) throws(FrontEndError) -> Daemon {
    let flags =
      MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_POLL.rawValue
      | MHD_ALLOW_SUSPEND_RESUME.rawValue
    let completed: MHD_RequestCompletedCallback = { server, _, context, _ in
      guard let server, let context, let state = context.pointee else { return }
      // An answer its request never took (the browser left while it waited) goes too.
      Unmanaged<WebServer>.fromOpaque(server).takeUnretainedValue().relay.forget(
        UInt(bitPattern: state))
      Unmanaged<RequestState>.fromOpaque(state).release()
      context.pointee = nil
    }
    let options: [CVarArg] = [
      CInt(MHD_OPTION.LISTEN_SOCKET.rawValue), descriptor,
      CInt(MHD_OPTION.CONNECTION_LIMIT.rawValue), CUnsignedInt(Self.connectionLimit),
      CInt(MHD_OPTION.PER_IP_CONNECTION_LIMIT.rawValue), CUnsignedInt(Self.perAddressLimit),
      CInt(MHD_OPTION.CONNECTION_TIMEOUT.rawValue), CUnsignedInt(Self.idleTimeoutSeconds),
      // The callback, then its closure, the server.
      CInt(MHD_OPTION.NOTIFY_COMPLETED.rawValue), unsafeBitCast(completed, to: OpaquePointer.self),
      OpaquePointer(Unmanaged.passUnretained(self).toOpaque()),
      CInt(MHD_OPTION.END.rawValue),
    ]
    let daemon = withVaList(options) { arguments in
      MHD_start_daemon_va(
        flags, 0, nil, nil, WebServer.accessHandler,
        Unmanaged.passUnretained(self).toOpaque(), arguments)
    }
    guard let daemon else {
      close(descriptor)
      throw FrontEndError("the HTTP server (libmicrohttpd) did not start")
    }
    return Daemon(pointer: daemon)
  }

  /// A running MHD daemon. [store thread]
  struct Daemon {
    let pointer: OpaquePointer
    /// Stops MHD: closes every connection and joins its thread; no callback comes after.
    func stop() { MHD_stop_daemon(pointer) }
  }

  // MARK: Requests

  /// What the server knows of a request between MHD's calls for it.
  private final class RequestState {
    let route: Route
    var body: [UInt8] = []
    var isQueued = false

    init(route: Route) { self.route = route }
  }

  /// The routes.
  private enum Route {
    case page, events, intent
    case refused(RequestRefusal)
  }

  private static let accessHandler: MHD_AccessHandlerCallback = {
    server, connection, url, method, _, upload, uploadSize, context in
    guard let server, let connection, let url, let method, let uploadSize, let context else {
      return .NO
    }
    return Unmanaged<WebServer>.fromOpaque(server).takeUnretainedValue().handle(
      ConnectionHandle(pointer: connection), url: String(cString: url),
      method: String(cString: method), upload: upload, uploadSize: uploadSize, context: context)
  }

  private func handle(
    _ connection: ConnectionHandle, url: String, method: String,
    upload: UnsafePointer<CChar>?, uploadSize: UnsafeMutablePointer<Int>,
    context: UnsafeMutablePointer<UnsafeMutableRawPointer?>
  ) -> MHD_Result {
    guard let pointer = context.pointee else {
      // The first call, with the headers only.
      let route = route(connection, url: url, method: method)
      context.pointee = Unmanaged.passRetained(RequestState(route: route)).toOpaque()
      if case .refused(let refusal) = route {
        // Answered before the body is read; MHD closes the connection after.
        return respond(connection, refusal)
      }
      return .YES
    }
    let state = Unmanaged<RequestState>.fromOpaque(pointer).takeUnretainedValue()
    if uploadSize.pointee > 0 {
      defer { uploadSize.pointee = 0 }
      guard case .intent = state.route else { return .YES }
      if state.body.count + uploadSize.pointee > RequestRules.maximumBodySize {
        state.body = []
        return respond(connection, .bodyTooLarge)
      }
      upload.map { state.body += UnsafeRawBufferPointer(start: $0, count: uploadSize.pointee) }
      return .YES
    }
    switch state.route {
    case .refused: return .YES
    case .page: return respond(connection, status: 200, Page.html, type: "text/html; charset=utf-8")
    case .events: return openEvents(connection)
    case .intent: return intent(connection, state, request: UInt(bitPattern: pointer))
    }
  }

  /// Where a request goes, or why it is refused: the rules first, then the path and method.
  private func route(_ connection: ConnectionHandle, url: String, method: String) -> Route {
    if let refusal = rules.refusal(
      host: value(connection, .HEADER_KIND, "Host"),
      origin: value(connection, .HEADER_KIND, "Origin"),
      token: value(connection, .GET_ARGUMENT_KIND, "token"))
    {
      return .refused(refusal)
    }
    let routes: [String: (method: String, route: Route)] = [
      "/": ("GET", .page), "/events": ("GET", .events), "/intent": ("POST", .intent),
    ]
    guard let known = routes[url] else {
      return .refused(
        RequestRefusal(status: 404, "no such page: this server has /, /events, /intent"))
    }
    guard known.method == method else {
      return .refused(RequestRefusal(status: 405, "\(url) takes \(known.method) only"))
    }
    if case .intent = known.route,
      let length = value(connection, .HEADER_KIND, "Content-Length").flatMap({ Int($0) }),
      length > RequestRules.maximumBodySize
    {
      return .refused(.bodyTooLarge)
    }
    return known.route
  }

  /// An intent's request: checked and queued for the store thread (the request waits,
  /// suspended), then, when MHD calls again once the store thread resumed it, answered.
  private func intent(
    _ connection: ConnectionHandle, _ state: RequestState, request: IntentRelay.RequestID
  ) -> MHD_Result {
    if state.isQueued {
      let answer = relay.takeAnswer(request) ?? .some(Self.stopped)
      return answer.map { respond(connection, $0) } ?? respond(connection, status: 204, [])
    }
    let intent: IntentRequest
    do {
      intent = try IntentRequest(body: state.body, catalog: catalog)
    } catch {
      return respond(connection, error)
    }
    guard relay.queue(intent, request: request, on: connection) else {
      return respond(connection, Self.stopped)
    }
    state.isQueued = true
    poster.post()
    return .YES
  }

  /// What a request gets while the front end detaches.
  static let stopped = RequestRefusal(status: 503, "the web front end is stopping")

  // MARK: Event streams

  /// A stream's context for MHD's content callbacks.
  private final class StreamContext {
    let broadcast: StateBroadcast
    let id: Int
    init(broadcast: StateBroadcast, id: Int) {
      self.broadcast = broadcast
      self.id = id
    }
  }

  private func openEvents(_ connection: ConnectionHandle) -> MHD_Result {
    guard let id = broadcast.open(connection) else { return respond(connection, Self.stopped) }
    let context = StreamContext(broadcast: broadcast, id: id)
    let response = MHD_create_response_from_callback(
      UInt64.max, 16 * 1024,
      { context, _, buffer, size in
        guard let context, let buffer else { return -1 }
        let stream = Unmanaged<StreamContext>.fromOpaque(context).takeUnretainedValue()
        return stream.broadcast.read(
          stream.id, into: UnsafeMutableRawBufferPointer(start: buffer, count: size))
      }, Unmanaged.passRetained(context).toOpaque(),
      { context in
        guard let context else { return }
        let stream = Unmanaged<StreamContext>.fromOpaque(context).takeRetainedValue()
        stream.broadcast.close(stream.id)
      })
    guard let response else {
      broadcast.close(id)
      return .NO
    }
    MHD_add_response_header(response, "Content-Type", "text/event-stream")
    MHD_add_response_header(response, "Cache-Control", "no-store")
    defer { MHD_destroy_response(response) }
    return MHD_queue_response(connection.pointer, 200, response)
  }

  // MARK: Responses

  private func respond(_ connection: ConnectionHandle, _ refusal: RequestRefusal) -> MHD_Result {
    respond(
      connection, status: UInt32(refusal.status), Array((refusal.message + "\n").utf8),
      type: "text/plain; charset=utf-8")
  }

  private func respond(
    _ connection: ConnectionHandle, status: UInt32, _ body: [UInt8],
    type: String = "text/plain; charset=utf-8"
  ) -> MHD_Result {
    let response = body.withUnsafeBytes { bytes in
      MHD_create_response_from_buffer(
        bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
    }
    guard let response else { return .NO }
    defer { MHD_destroy_response(response) }
    if !body.isEmpty { MHD_add_response_header(response, "Content-Type", type) }
    MHD_add_response_header(response, "Cache-Control", "no-store")
    MHD_add_response_header(response, "Referrer-Policy", "no-referrer")
    MHD_add_response_header(response, "X-Content-Type-Options", "nosniff")
    MHD_add_response_header(response, "Content-Security-Policy", Page.contentSecurityPolicy)
    return MHD_queue_response(connection.pointer, status, response)
  }

  private func value(_ connection: ConnectionHandle, _ kind: MHD_ValueKind, _ key: String)
    -> String?
  {
    MHD_lookup_connection_value(connection.pointer, kind, key).map { String(cString: $0) }
  }
}
