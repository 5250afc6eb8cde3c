#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Whether more input is waiting, without reading it: how a front end tells the Escape key
/// from the start of an escape sequence whose rest is still in flight.
///
/// ```swift
/// if decoder.hasPendingBytes, !InputReadiness.isReady(descriptor: 0, within: 25) {
///   keys += decoder.flush()  // nothing followed: it was the Escape key
/// }
/// ```
public enum InputReadiness {
  /// Waits at most `milliseconds` for `descriptor` to become readable; reads nothing.
  public static func isReady(descriptor: Int32, within milliseconds: Int32) -> Bool {
    var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    while true {
      let result = poll(&request, 1, milliseconds)
      if result < 0, errno == EINTR { continue }
      return result > 0 && request.revents & Int16(POLLIN) != 0
    }
  }
}
