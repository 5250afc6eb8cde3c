import Synchronization
import TicTacToeFrontendABI

/// One attached front end, as the host sees it: what a `ttt_host *` points at.
public final class FrontEndSession: Sendable {
  /// The loaded library.
  public let frontEnd: LoadedFrontEnd
  /// The spec it was attached with.
  public let spec: FrontEndSpec
  /// Whether it owns the terminal.
  public let ownsTerminal: Bool
  /// The front end's name, for logs and `:detach NAME`.
  public var name: String { frontEnd.name }

  private struct MainThreadState {
    var instance: UnsafeMutableRawPointer?
    var isAttached = false
    var handles: [HostFeature: StoreHandle] = [:]
    var deliveredCallbacks = 0
  }

  // Only touched on the store thread; the routines check the thread before using it.
  private nonisolated(unsafe) var mainThreadState = MainThreadState()
  private let lastErrorMessage = Mutex<ContiguousArray<CChar>>([0])
  /// The host that attached this front end.
  nonisolated(unsafe) weak var host: FrontEndHost?

  init(frontEnd: LoadedFrontEnd, spec: FrontEndSpec, ownsTerminal: Bool) {
    self.frontEnd = frontEnd
    self.spec = spec
    self.ownsTerminal = ownsTerminal
    HandleRegistry.register(self)
  }

  /// The pointer handed to the front end as its `ttt_host *`.
  var pointer: OpaquePointer { OpaquePointer(Unmanaged.passUnretained(self).toOpaque()) }

  var descriptor: ttt_frontend_descriptor { frontEnd.descriptor.pointee }

  /// The instance pointer attach returned.
  var instance: UnsafeMutableRawPointer? {
    get { mainThreadState.instance }
    set { mainThreadState.instance = newValue }
  }

  /// Whether the front end is attached (between a successful attach and detach).
  public var isAttached: Bool {
    get { mainThreadState.isAttached }
    set { mainThreadState.isAttached = newValue }
  }

  /// How many change, action and settle callbacks the host has called on this front end; the
  /// conformance check makes sure it stops growing at detach.
  public var deliveredCallbacks: Int {
    get { mainThreadState.deliveredCallbacks }
    set { mainThreadState.deliveredCallbacks = newValue }
  }

  /// The handle for `feature`, made once and kept.
  func handle(_ feature: HostFeature) -> StoreHandle {
    if let handle = mainThreadState.handles[feature] { return handle }
    let handle = StoreHandle(feature: feature, session: self)
    mainThreadState.handles[feature] = handle
    return handle
  }

  /// Records the message `last_error` returns next.
  func setLastError(_ message: String) {
    lastErrorMessage.withLock { $0 = ContiguousArray(message.utf8CString) }
  }

  /// A pointer to the last error message, valid until the next error of this front end.
  func lastErrorPointer() -> UnsafePointer<CChar> {
    lastErrorMessage.withLock { message in
      message.withUnsafeBufferPointer { $0.baseAddress! }
    }
  }
}
