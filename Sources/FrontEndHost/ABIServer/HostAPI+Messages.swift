import TicTacToeFrontEndABI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The routines a front end speaks and learns through: its last error, its log lines, its
/// notices for the person at the terminal, and the redaction of secrets from text it quotes.
extension HostAPI {

  static func lastError(_ host: OpaquePointer?) -> UnsafePointer<CChar>? {
    CallTally.countRoutine("last_error")
    return switch HandleRegistry.find(host, as: AttachedFrontEnd.self) {
    case .live(let session): session.lastErrorPointer()
    case .retired: detachedMessage
    case .unknown: nil
    }
  }

  /// What `last_error` says through a retired handle: every call through one is refused as
  /// detached. Never freed.
  // Immutable once made.
  private nonisolated(unsafe) static let detachedMessage = UnsafePointer(
    strdup(HostCallError.detached.message)!)

  static func log(
    _ host: OpaquePointer?, _ level: UInt32, _ message: UnsafePointer<CChar>?
  ) {
    CallTally.countRoutine("log")
    guard let session = HandleRegistry.lookup(host, as: AttachedFrontEnd.self), let message
    else { return }
    let text = String(
      decoding: UnsafeRawBufferPointer(start: message, count: strnlen(message, 4096))
        .bindMemory(to: UInt8.self), as: UTF8.self)
    if isStoreThread() {
      onMainActor { session.host?.log(from: session, level: level, message: text) }
    } else {
      StoreThreadQueue.shared.enqueue {
        session.host?.log(from: session, level: level, message: text)
      }
    }
  }

  static func redact(
    _ host: OpaquePointer?, _ text: UnsafePointer<CChar>?, _ buffer: UnsafeMutablePointer<CChar>?,
    _ size: Int
  ) -> Int {
    CallTally.countRoutine("redact")
    guard let session = HandleRegistry.lookup(host, as: AttachedFrontEnd.self),
      let host = session.host, let text
    else {
      if let buffer, size > 0 { buffer[0] = 0 }
      return 0
    }
    // The whole text, however long: a quote cut short would come back as another text.
    let length = strlen(text)
    let given = String(
      decoding: UnsafeRawBufferPointer(start: text, count: length).bindMemory(to: UInt8.self),
      as: UTF8.self)
    let redacted = Array(host.redacted(given).utf8)
    if let buffer, size > 0 {
      let count = min(redacted.count, size - 1)
      redacted.withUnsafeBytes { bytes in
        UnsafeMutableRawPointer(buffer).copyMemory(from: bytes.baseAddress!, byteCount: count)
      }
      buffer[count] = 0
    }
    return redacted.count
  }

  /// `notice` (ABI 1.4): one line of valid UTF-8 without control characters (it is drawn on
  /// the terminal), 1 to 4096 bytes.
  static func notice(_ host: OpaquePointer?, _ text: UnsafePointer<CChar>?) -> ttt_status {
    // Used synchronously on the store thread, during this call: nothing crosses threads.
    nonisolated(unsafe) let text = text
    return with(
      host, as: AttachedFrontEnd.self, "notice", unknown: TTT_ERR_INVALID_ARGUMENT,
      refused: \.status
    ) { session, host throws(HostCallError) in
      guard let text else { throw .invalid("the notice is NULL") }
      let line = try ActionImport.string(text)
      guard !line.isEmpty, line.utf8.count <= 4096 else {
        throw .invalid("a notice is 1 to 4096 bytes, not \(line.utf8.count)")
      }
      guard !line.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
        throw .invalid("a notice is one line without control characters")
      }
      host.notice(from: session, line)
      return TTT_OK
    }
  }
}
