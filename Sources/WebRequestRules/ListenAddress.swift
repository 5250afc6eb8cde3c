/// Where the web front end listens: the argument of `--frontend web:ADDRESS`.
///
/// `web` alone listens on 127.0.0.1 and a free port; `web:8080` on 127.0.0.1:8080;
/// `web:0.0.0.0:8080` or `web:[::]:8080` on every interface (the only way off loopback);
/// `web:localhost:8080` on 127.0.0.1. Names other than `localhost` are refused: the address
/// is the socket's, not a name to look up.
public struct ListenAddress: Equatable, Sendable {
  /// The numeric IP address: `127.0.0.1`, `::1`.
  public var host: String
  /// The port; 0 asks the system for a free one.
  public var port: UInt16
  /// Whether `host` is an IPv6 address.
  public var isIPv6: Bool { host.contains(":") }

  /// Parses the argument (`nil` or empty: loopback and a free port); throws a message for
  /// people.
  public init(_ argument: String?) throws(RequestRefusal) {
    guard let argument, !argument.isEmpty else {
      self.init(host: "127.0.0.1", port: 0)
      return
    }
    var hostPart: Substring
    var portPart: Substring?
    if argument.hasPrefix("[") {
      guard let close = argument.firstIndex(of: "]") else {
        throw .badAddress(argument, "an IPv6 address is written [::1]:8080")
      }
      hostPart = argument[argument.index(after: argument.startIndex)..<close]
      let rest = argument[argument.index(after: close)...]
      if !rest.isEmpty {
        guard rest.hasPrefix(":") else {
          throw .badAddress(argument, "an IPv6 address is written [::1]:8080")
        }
        portPart = rest.dropFirst()
      }
    } else if argument.allSatisfy({ $0.isASCII && $0.isNumber }) {
      hostPart = "127.0.0.1"
      portPart = argument[...]
    } else if let colon = argument.lastIndex(of: ":") {
      guard argument.firstIndex(of: ":") == colon else {
        throw .badAddress(argument, "write an IPv6 address in brackets: [::1]:8080")
      }
      hostPart = argument[..<colon]
      portPart = argument[argument.index(after: colon)...]
    } else {
      hostPart = argument[...]
    }
    if hostPart == "localhost" { hostPart = "127.0.0.1" }
    guard Self.isNumericAddress(hostPart) else {
      throw .badAddress(argument, "give a numeric address such as 127.0.0.1 or [::1]")
    }
    var port: UInt16 = 0
    if let portPart {
      guard let number = UInt16(portPart) else {
        throw .badAddress(argument, "the port is a number from 0 to 65535")
      }
      port = number
    }
    self.init(host: String(hostPart), port: port)
  }

  /// An address as given.
  public init(host: String, port: UInt16) {
    self.host = host
    self.port = port
  }

  /// The URL's host and port: `127.0.0.1:8080`, `[::1]:8080`.
  public var authority: String { isIPv6 ? "[\(host)]:\(port)" : "\(host):\(port)" }

  /// Whether `text` is an IPv4 address in dotted decimal or an IPv6 address (the characters
  /// of one; the socket call checks the rest).
  static func isNumericAddress(_ text: Substring) -> Bool {
    if text.contains(":") {
      return !text.isEmpty && text.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
    }
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count == 4 && parts.allSatisfy { UInt8($0) != nil }
  }
}
