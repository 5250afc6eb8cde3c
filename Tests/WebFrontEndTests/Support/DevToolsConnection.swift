import Foundation
import JSONLines

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The Chrome DevTools protocol over `--remote-debugging-pipe`: each message is one JSON object
/// followed by a NUL byte; commands go to the browser's descriptor 3, and responses and events
/// come back on its descriptor 4.
///
/// A thread reads every message as it arrives and files it: a response under its command's
/// `id`, an event in one ordered list. Callers block until what they wait for is filed; when
/// the browser's end closes (it exited, or the hang guard killed it) every wait ends with an
/// error, so nothing here needs a timeout of its own.
final class DevToolsConnection: @unchecked Sendable {
  /// A command the browser refused, or a connection that ended before the answer.
  struct Failure: Error, CustomStringConvertible {
    /// What went wrong, with the browser's own message when it sent one.
    let description: String
  }

  private let commandDescriptor: Int32
  private let messageDescriptor: Int32
  private let filed = NSCondition()
  private var nextIdentifier = 1
  private var responses: [Int: JSONValue] = [:]
  private var events: [JSONValue] = []
  private var endReason: String?

  /// Talks to a browser that reads commands from `commandDescriptor` and writes messages to
  /// `messageDescriptor` (our ends of its descriptors 3 and 4); owns and closes both.
  init(commandDescriptor: Int32, messageDescriptor: Int32) {
    self.commandDescriptor = commandDescriptor
    self.messageDescriptor = messageDescriptor
    Thread.detachNewThread { [self] in readMessages() }
  }

  deinit { close(commandDescriptor) }

  /// How many events arrived so far: pass it to ``waitForEvent(_:session:after:where:)`` to
  /// wait only for events that come after a command is sent.
  var eventCount: Int {
    filed.lock()
    defer { filed.unlock() }
    return events.count
  }

  /// Sends `method` with `parameters` (to the target attached as `session`, if given) and
  /// waits for its result.
  @discardableResult
  func send(
    _ method: String, _ parameters: JSONValue = [:], session: String? = nil
  ) throws -> JSONValue {
    filed.lock()
    let identifier = nextIdentifier
    nextIdentifier += 1
    filed.unlock()
    var command: JSONValue = [
      "id": .number(JSONNumber(identifier)), "method": .string(method), "params": parameters,
    ]
    if let session, case .object(var object) = command {
      object.insert(.string(session), forKey: "sessionId")
      command = .object(object)
    }
    try write(Array(command.description.utf8) + [0])

    filed.lock()
    defer { filed.unlock() }
    while true {
      if let response = responses.removeValue(forKey: identifier) {
        if let error = response["error"] {
          throw Failure(description: "\(method) failed: \(error)")
        }
        return response["result"] ?? [:]
      }
      if let endReason {
        throw Failure(description: "\(method) got no answer: \(endReason)")
      }
      filed.wait()
    }
  }

  /// Waits for the first event named `method` (of `session`, if given) among those that
  /// arrived after the first `index` events, and that satisfies `predicate`; returns its
  /// parameters.
  @discardableResult
  func waitForEvent(
    _ method: String, session: String? = nil, after index: Int,
    where predicate: (JSONValue) -> Bool = { _ in true }
  ) throws -> JSONValue {
    filed.lock()
    defer { filed.unlock() }
    var next = index
    while true {
      while next < events.count {
        let event = events[next]
        next += 1
        guard event["method"]?.string == method else { continue }
        if let session, event["sessionId"]?.string != session { continue }
        let parameters = event["params"] ?? [:]
        if predicate(parameters) { return parameters }
      }
      if let endReason {
        throw Failure(description: "no \(method) event came: \(endReason)")
      }
      filed.wait()
    }
  }

  private func write(_ bytes: [UInt8]) throws {
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes {
        Glibc.write(commandDescriptor, $0.baseAddress, $0.count)
      }
      if written < 0 {
        if errno == EINTR { continue }
        throw Failure(description: "the browser stopped reading commands (errno \(errno))")
      }
      offset += written
    }
  }

  /// Splits what the browser writes at each NUL and files every message, until the end.
  private func readMessages() {
    var pending: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 256 * 1024)
    var reason = "the browser closed the DevTools pipe"
    reading: while true {
      let count = buffer.withUnsafeMutableBytes {
        read(messageDescriptor, $0.baseAddress, $0.count)
      }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { break }
      var start = pending.count
      pending.append(contentsOf: buffer[..<count])
      while let end = pending[start...].firstIndex(of: 0) {
        let message: JSONValue
        do {
          message = try JSONParser().parse(Array(pending[..<end]))
        } catch {
          reason = "the browser sent a message that is not JSON: \(error)"
          break reading
        }
        file(message)
        pending.removeSubrange(...end)
        start = 0
      }
    }
    close(messageDescriptor)
    filed.lock()
    endReason = reason
    filed.broadcast()
    filed.unlock()
  }

  private func file(_ message: JSONValue) {
    filed.lock()
    defer { filed.unlock() }
    if let identifier = message["id"]?.number?.exactInt {
      responses[identifier] = message
    } else {
      events.append(message)
    }
    filed.broadcast()
  }
}
