/// What every request to the web front end must pass before it is served: the token, and
/// the `Host` and `Origin` headers, so that only the page the user opened drives the game.
///
/// - The `Host` must name this machine in a way no other site can: `localhost` or an IP
///   address (any port, so that `ssh -L 9000:localhost:PORT` works). A site that makes its own
///   name resolve to 127.0.0.1 (DNS rebinding) sends its name, and is refused.
/// - An `Origin`, when the browser sends one, must be this server as the `Host` names it:
///   another site's script is refused even with the token.
/// - The token must match, in constant time (``AccessToken/matches(_:)``).
public struct RequestRules: Sendable {
  /// The largest request body taken (an intent is a few dozen bytes).
  public static let maximumBodySize = 4096

  /// The token of this run.
  public let token: AccessToken

  /// Rules that accept `token`.
  public init(token: AccessToken) { self.token = token }

  /// Why a request with these headers and query token is refused, or `nil`.
  public func refusal(host: String?, origin: String?, token given: String?) -> RequestRefusal? {
    guard let host, Self.isLocalAuthority(host) else {
      return RequestRefusal(
        status: 403,
        "the Host header must be localhost or an IP address (this refuses DNS rebinding)")
    }
    if let origin, origin != "http://\(host)" {
      return RequestRefusal(
        status: 403, "requests from another origin are refused: open the page this server gives")
    }
    return token.matches(given) ? nil : .wrongToken
  }

  /// Whether `authority` (a `Host` header: name and optional port) is `localhost` or an IP
  /// address.
  static func isLocalAuthority(_ authority: String) -> Bool {
    var name = Substring(authority)
    if name.hasPrefix("[") {
      guard let close = name.firstIndex(of: "]") else { return false }
      let rest = name[name.index(after: close)...]
      guard rest.isEmpty || (rest.hasPrefix(":") && UInt16(rest.dropFirst()) != nil) else {
        return false
      }
      name = name[name.index(after: name.startIndex)..<close]
      return name.contains(":") && ListenAddress.isNumericAddress(name)
    }
    if let colon = name.firstIndex(of: ":") {
      guard UInt16(name[name.index(after: colon)...]) != nil else { return false }
      name = name[..<colon]
    }
    return name.lowercased() == "localhost" || ListenAddress.isNumericAddress(name)
  }
}
