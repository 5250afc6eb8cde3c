/// An HTTP/1.1 request written out by hand, so that a test can send exactly the headers it
/// means, foreign or missing ones included.
struct HTTPRequest {
  /// `GET` or `POST`.
  var method: String
  /// The path and query (`/events?token=...`).
  var target: String
  /// The `Host` header, or `nil` for none.
  var host: String?
  /// Other header lines (`Origin: http://...`).
  var headers: [String] = []
  /// The body; a `Content-Length` is sent with it.
  var body: String?

  /// The request's bytes as text: the request line, the headers, a blank line and the body.
  var text: String {
    var lines = ["\(method) \(target) HTTP/1.1"]
    if let host { lines.append("Host: \(host)") }
    lines += headers
    if let body {
      lines.append("Content-Type: application/json")
      lines.append("Content-Length: \(body.utf8.count)")
    }
    return lines.joined(separator: "\r\n") + "\r\n\r\n" + (body ?? "")
  }
}
