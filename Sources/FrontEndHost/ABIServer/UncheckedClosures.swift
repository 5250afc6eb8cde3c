/// Standard-library calls that take a closure, for main-actor code that runs on every action.
///
/// A closure written in main-actor code and handed straight to a standard-library routine
/// (`withUnsafeBytes`, `withCString`, `first(where:)`) checks that it runs on the main actor
/// every time it is called (`swift_task_isCurrentExecutor`, about 250 instructions): the
/// library is not checked for isolation at compile time. Handed through these functions,
/// checked by the compiler, it runs without the check, on the caller's thread, during the call.
/// Five such checks cost 1 400 instructions per JSON-lines action
/// (`Scripts/instruction-guard.sh`).
enum UncheckedClosures {
  /// Calls `body` with the bytes of `array`.
  static func withBytes<R>(of array: [UInt8], _ body: (UnsafeRawBufferPointer) -> R) -> R {
    array.withUnsafeBytes(body)
  }

  /// Calls `body` with `string` as a C string, valid during the call.
  static func withCString<R>(_ string: String, _ body: (UnsafePointer<CChar>) -> R) -> R {
    string.withCString(body)
  }
}
