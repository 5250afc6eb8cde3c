import TicTacToeFrontendABI

/// A front end written in Swift against the C ABI: the host creates one instance per attach.
///
/// All methods run on the store thread (the host's main thread). Conformers implement only what
/// they need; input, resize, suspend and settle notifications have empty defaults.
///
/// ```swift
/// final class Mine: FrontEnd {
///   init(host: HostConnection, info: AttachInfo) throws(FrontEndError) { ...render... }
///   func detach() {}
/// }
/// @_cdecl("tictactoe_frontend_entry")
/// public func entry() -> UnsafePointer<ttt_frontend_descriptor> { descriptor.pointer }
/// let descriptor = FrontEndDescriptor.make(Mine.self, name: "mine", description: "...", version: "1.0.0")
/// ```
public protocol FrontEnd: AnyObject, SendableMetatype {
  /// Attaches: must render the current state before returning.
  init(host: HostConnection, info: AttachInfo) throws(FrontEndError)
  /// Restores what the front end changed (terminal modes, screen) before the host drops it.
  func detach()
  /// Input bytes, while this front end owns the terminal.
  func input(_ bytes: UnsafeBufferPointer<UInt8>)
  /// The end of input: no more bytes will come.
  func endOfInput()
  /// The terminal was resized.
  func resize(columns: Int, rows: Int)
  /// The process is being suspended (`resumed == false`) or was resumed.
  func suspend(resumed: Bool)
  /// A requested settle finished.
  func settled(timedOut: Bool)
}

extension FrontEnd {
  /// Ignores input.
  public func input(_ bytes: UnsafeBufferPointer<UInt8>) {}
  /// Ignores the end of input.
  public func endOfInput() {}
  /// Ignores resizes.
  public func resize(columns: Int, rows: Int) {}
  /// Ignores suspension.
  public func suspend(resumed: Bool) {}
  /// Ignores settle notifications.
  public func settled(timedOut: Bool) {}
}

/// Why a front end refused to attach; the host logs the message.
public struct FrontEndError: Error, CustomStringConvertible {
  /// What went wrong, in one line.
  public var description: String
  /// Creates an error with a one-line message.
  public init(_ description: String) { self.description = description }
}

/// What the host said when attaching.
public struct AttachInfo {
  /// The `ARG` of `--frontend NAME:ARG`, if any.
  public var argument: String?
  /// Whether this front end owns the terminal (gets input, may draw on it).
  public var ownsTerminal: Bool
}
