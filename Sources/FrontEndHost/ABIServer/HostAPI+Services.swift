import TicTacToeFrontEndABI

/// The routines that ask the host to do something beyond the store: requests (attach, quit,
/// ...), output files, and notes kept across runs.
extension HostAPI {
  static func request(
    _ host: OpaquePointer?, _ kind: UInt32, _ argument: UnsafePointer<CChar>?
  ) -> ttt_status {
    // Used synchronously on the store thread, during this call: nothing crosses threads.
    nonisolated(unsafe) let argument = argument
    return with(
      host, as: AttachedFrontEnd.self, "request", unknown: TTT_ERR_INVALID_ARGUMENT,
      refused: \.status
    ) {
      session, host throws(HostCallError) in
      try host.enqueueRequest(
        kind, argument: argument.map { String(cString: $0) } ?? "", from: session)
      return TTT_OK
    }
  }

  // MARK: Output

  static func openOutput(
    _ host: OpaquePointer?, _ path: UnsafePointer<CChar>?, _ flags: UInt32
  ) -> OpaquePointer? {
    // Used synchronously on the store thread, during this call: nothing crosses threads.
    nonisolated(unsafe) let path = path
    return with(host, as: AttachedFrontEnd.self, "open_output", otherwise: nil) {
      session, host throws(HostCallError) in
      let text = try path.map { pointer throws(HostCallError) in
        try ActionImport.string(pointer)
      }
      if text?.isEmpty == true { throw .invalid("the output path is empty") }
      let append = flags & UInt32(TTT_OUTPUT_APPEND) != 0
      return try host.openOutput(for: session, path: text, append: append).pointer
    }
  }

  static func write(
    _ output: OpaquePointer?, _ bytes: UnsafeRawPointer?, _ length: Int
  ) -> ttt_status {
    // Used synchronously on the store thread, during this call: nothing crosses threads.
    nonisolated(unsafe) let arguments = (bytes: bytes, length: length)
    return withStatusHeld(output, as: FrontEndOutput.self, "write", passing: arguments) {
      output, _, arguments throws(HostCallError) in
      let (bytes, length) = arguments
      guard length == 0 || bytes != nil else { throw .invalid("the bytes are NULL") }
      let sink = output.sink
      guard length == 0 || output.write(UnsafeRawBufferPointer(start: bytes, count: length))
      else {
        throw HostCallError(
          status: TTT_ERR_OUTPUT_FAILED,
          message: "cannot write \(sink.name): \(sink.failure?.description ?? "closed")")
      }
      return TTT_OK
    }
  }

  // MARK: Notes

  static func keepNote(
    _ host: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ value: UnsafePointer<CChar>?
  ) -> ttt_status {
    // Used synchronously on the store thread, during this call: nothing crosses threads.
    nonisolated(unsafe) let (key, value) = (key, value)
    return with(
      host, as: AttachedFrontEnd.self, "keep_note", unknown: TTT_ERR_INVALID_ARGUMENT,
      refused: \.status
    ) { session, host throws(HostCallError) in
      guard let key else { throw .invalid("the key is NULL") }
      let text = try value.map { pointer throws(HostCallError) in try ActionImport.string(pointer) }
      try host.notes.keep(text, under: try ActionImport.string(key), for: session.name)
      return TTT_OK
    }
  }

  static func note(
    _ host: OpaquePointer?, _ key: UnsafePointer<CChar>?
  ) -> UnsafePointer<CChar>? {
    // Used synchronously on the store thread, during this call: nothing crosses threads.
    nonisolated(unsafe) let key = key
    return with(host, as: AttachedFrontEnd.self, "note", otherwise: nil) {
      session, host throws(HostCallError) in
      guard let key else { throw .invalid("the key is NULL") }
      let note = host.notes.note(under: try ActionImport.string(key), for: session.name)
      return session.exportedNotePointer(note)
    }
  }
}
