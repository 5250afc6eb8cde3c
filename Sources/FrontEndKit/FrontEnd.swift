import TicTacToeFrontEndABI

/// A front end written in Swift against the C ABI: the host creates one instance per attach.
///
/// All methods run on the store thread (the host's main thread). Conformers implement only what
/// they need; input, resize, suspend, settle and notice notifications have empty defaults.
///
/// ```swift
/// final class Mine: FrontEnd {
///   init(host: HostConnection, info: AttachInfo) throws(FrontEndError) { ...render... }
///   func detach() {}
/// }
/// @_cdecl("tictactoe_frontend_entry")
/// public func entry() -> UnsafePointer<ttt_frontend_descriptor> { descriptor.pointer }
/// let descriptor = FrontEndDescriptor.make(
///   Mine.self, name: "mine", description: "...", version: "1.0.0",
///   flags: UInt32(TTT_FRONTEND_WRITES_TERMINAL))
/// ```
public protocol FrontEnd: AnyObject, SendableMetatype {
  /// Attaches: must render the current state before returning.
  init(host: HostConnection, info: AttachInfo) throws(FrontEndError)
  /// Restores what the front end changed (terminal modes, screen) before the host drops it.
  func detach()
  /// Input bytes, while this front end owns the terminal; returns how many it consumed from
  /// the start. The host keeps the rest and hands it again, first, with what arrives later
  /// (see `consume_input` in the header).
  func input(_ bytes: UnsafeBufferPointer<UInt8>, flags: InputFlags) -> Int
  /// The terminal was resized.
  func resize(columns: Int, rows: Int)
  /// The process is being suspended (`resumed == false`) or was resumed.
  func suspend(resumed: Bool)
  /// A requested settle finished.
  func settled(timedOut: Bool)
  /// Another front end's notice for the person at the terminal (`on_notice`, ABI 1.4), named
  /// `from`: called on the terminal owner only. Show it; never pass it on (it may carry a
  /// token).
  func notice(_ text: String, from: String)
}

extension FrontEnd {
  /// Consumes (ignores) all input.
  public func input(_ bytes: UnsafeBufferPointer<UInt8>, flags: InputFlags) -> Int { bytes.count }
  /// Ignores resizes.
  public func resize(columns: Int, rows: Int) {}
  /// Ignores suspension.
  public func suspend(resumed: Bool) {}
  /// Ignores settle notifications.
  public func settled(timedOut: Bool) {}
  /// Ignores notices: the host writes each on standard error too.
  public func notice(_ text: String, from: String) {}
}

/// What the host says with input bytes (`TTT_INPUT_*`).
public struct InputFlags: OptionSet, Sendable {
  public let rawValue: UInt32
  public init(rawValue: UInt32) { self.rawValue = rawValue }
  /// No more bytes will come after these.
  public static let end = InputFlags(rawValue: UInt32(TTT_INPUT_END))
  /// Nothing more arrived for a while: what is left is all there is for now.
  public static let idle = InputFlags(rawValue: UInt32(TTT_INPUT_IDLE))
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
  /// The name of the client connected to the host's socket that is this front end's terminal
  /// (`tictactoe --listen`), or `nil` for the host's own standard input and output.
  public var connection: String? = nil
  /// The path of the host's socket when it listens (`tictactoe --listen`): where `tictactoe
  /// attach` finds the game. `nil` when it does not listen.
  public var listeningPath: String? = nil
}
