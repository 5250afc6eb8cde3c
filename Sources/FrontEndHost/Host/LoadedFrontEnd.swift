import TicTacToeFrontEndABI

/// A front-end library that was opened and whose descriptor passed validation.
///
/// Libraries are never closed: a Swift library cannot be unloaded safely, and a C one may have
/// left pointers (callbacks, strings) with the host.
public struct LoadedFrontEnd: @unchecked Sendable {
  // The descriptor is immutable static data of a library that is never unloaded.
  /// The canonical path of the library.
  public let path: String
  /// The descriptor the entry symbol returned.
  let descriptor: UnsafePointer<ttt_frontend_descriptor>
  /// The front end's name, from its descriptor.
  public let name: String
  /// Its one-line description.
  public let summary: String
  /// Its own version.
  public let version: String
  /// The ABI version it was built against, as `major.minor`.
  public let abiVersion: String
  /// Its `TTT_FRONTEND_*` flags.
  public let flags: UInt32

  /// Whether it reads terminal input.
  public var readsInput: Bool { flags & UInt32(TTT_FRONTEND_READS_INPUT) != 0 }
  /// Whether it draws on the terminal.
  public var writesTerminal: Bool { flags & UInt32(TTT_FRONTEND_WRITES_TERMINAL) != 0 }
  /// Its ABI 1.2 `consume_input`, if its descriptor is new enough to have one and sets it.
  var consumeInput:
    (@convention(c) (UnsafeMutableRawPointer?, UnsafePointer<UInt8>?, Int, UInt32) -> Int)?
  {
    // Read only within the descriptor's own size: an older one ends before the field.
    guard let offset = MemoryLayout<ttt_frontend_descriptor>.offset(of: \.consume_input),
      Int(descriptor.pointee.struct_size) >= offset + MemoryLayout<UnsafeRawPointer>.size,
      descriptor.pointee.abi_minor >= 2
    else { return nil }
    return UnsafeRawPointer(descriptor).load(
      fromByteOffset: offset,
      as: (@convention(c) (UnsafeMutableRawPointer?, UnsafePointer<UInt8>?, Int, UInt32) -> Int)?
        .self)
  }
  /// Its ABI 1.4 `on_notice`, if its descriptor is new enough to have one and sets it.
  var onNotice:
    (
      @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) ->
        Void
    )?
  {
    // Read only within the descriptor's own size: an older one ends before the field.
    guard let offset = MemoryLayout<ttt_frontend_descriptor>.offset(of: \.on_notice),
      Int(descriptor.pointee.struct_size) >= offset + MemoryLayout<UnsafeRawPointer>.size,
      descriptor.pointee.abi_minor >= 4
    else { return nil }
    return descriptor.pointee.on_notice
  }
  /// Whether it takes over the whole screen.
  public var isFullScreen: Bool { flags & UInt32(TTT_FRONTEND_FULL_SCREEN) != 0 }
}
