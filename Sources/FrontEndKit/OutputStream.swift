import TicTacToeFrontEndABI

/// Where a front end writes: the terminal, or a file the host opened for it (ABI 1.2
/// `open_output`). The host buffers what is written and flushes it before it waits for more
/// input, never blocking; a failed output is the host's to handle (it detaches an observer
/// whose output failed, and ends when the terminal's does).
public final class OutputStream {
  private let api: UnsafePointer<ttt_host_api>
  private let output: OpaquePointer
  /// Whether a write failed: the output is gone, and what is written now is dropped.
  // No exclusivity check: read and set on every write, each access instantaneous.
  @exclusivity(unchecked) public private(set) var hasFailed = false

  private init(api: UnsafePointer<ttt_host_api>, output: OpaquePointer) {
    self.api = api
    self.output = output
  }

  /// The terminal (standard output), for the terminal owner.
  public static func terminal(_ host: HostConnection) throws(FrontEndError) -> OutputStream {
    try open(host, path: nil, flags: 0)
  }

  /// The file a front end's argument names: `PATH` is truncated, `+PATH` appended to, and `-`
  /// is standard output, as in other tools (the terminal: the terminal owner's only, so the
  /// host refuses it to an observer).
  public static func file(_ argument: String, _ host: HostConnection) throws(FrontEndError)
    -> OutputStream
  {
    if argument == "-" { return try terminal(host) }
    let appends = argument.hasPrefix("+")
    return try open(
      host, path: appends ? String(argument.dropFirst()) : argument,
      flags: appends ? UInt32(TTT_OUTPUT_APPEND) : 0)
  }

  private static func open(
    _ host: HostConnection, path: String?, flags: UInt32
  ) throws(FrontEndError) -> OutputStream {
    guard host.api.pointee.abi_minor >= 2 else {
      throw FrontEndError("this front end needs a host with ABI 1.2 (outputs through the host)")
    }
    let output =
      if let path {
        path.withCString { host.api.pointee.open_output!(host.host, $0, flags) }
      } else {
        host.api.pointee.open_output!(host.host, nil, flags)
      }
    guard let output else { throw FrontEndError(host.lastError) }
    return OutputStream(api: host.api, output: output)
  }

  /// Writes `text` as UTF-8.
  public func write(_ text: String) {
    var text = text
    text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
  }

  /// Writes `bytes`.
  public func write(_ bytes: UnsafeRawBufferPointer) {
    guard !hasFailed, !bytes.isEmpty else { return }
    hasFailed = api.pointee.write!(output, bytes.baseAddress, bytes.count) != TTT_OK
  }
}
