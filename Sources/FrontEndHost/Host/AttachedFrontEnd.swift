import TicTacToeFrontEndABI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// One attached front end, as the host sees it: what a `ttt_host *` points at.
public final class AttachedFrontEnd: Sendable {
  /// The loaded library.
  public let frontEnd: LoadedFrontEnd
  /// The spec it was attached with.
  public let spec: FrontEndSpec
  /// Whether it owns the terminal.
  public let ownsTerminal: Bool
  /// The client whose connection is its terminal (`--listen`), if any: it reads that
  /// client's input and writes to it, and never owns the host's terminal.
  let connection: RemoteConnection?
  /// The front end's name, for logs and `:detach NAME`.
  public var name: String { frontEnd.name }

  private struct MainThreadState {
    var instance: UnsafeMutableRawPointer?
    var isAttached = false
    var isDetaching = false
    var handles: [HostFeature: StoreHandle] = [:]
    var outputs: [FrontEndOutput] = []
    var hasSeenEndOfInput = false
    var deliveredCallbacks = 0
    var callDepth = 0
    var nestedCallbacks = 0
    var lastNotice: String?
    /// The host while attached, held (see ``attachedHost``).
    var attachedHostOwner: FrontEndHost?
    var attachedHost: Unmanaged<FrontEndHost>?
  }

  // Only touched on the store thread; the routines check the thread before using it. No
  // exclusivity checks: every access is instantaneous (a field read or written), and the call
  // depth is counted on every call into a front end and every send.
  @exclusivity(unchecked) private nonisolated(unsafe) var mainThreadState = MainThreadState()
  /// The host that attached this front end (weak: the host holds its front ends), for the
  /// routines any thread may call; the store thread's routines read ``attachedHost``.
  nonisolated(unsafe) weak var host: FrontEndHost? {
    didSet {
      mainThreadState.attachedHostOwner = host
      mainThreadState.attachedHost = host.map(Unmanaged.passUnretained)
    }
  }

  /// The host that attached this front end, until its handles are retired (at detach, or
  /// after a failed attach), for every routine called on the store thread: an unretained
  /// reference, valid because the front end holds the host strongly meanwhile, so a routine
  /// neither loads the weak ``host`` (`swift_weakLoadStrong`) nor retains and releases the
  /// host (a weakly referenced object counts its references in a side table, the slow path).
  /// It holds the host no longer than the host holds the front end. Store thread only (set
  /// with ``host``, on the store thread).
  var attachedHost: Unmanaged<FrontEndHost>? { mainThreadState.attachedHost }
  /// Its handle's id in ``HandleRegistry``.
  let id = HandleRegistry.reserve()
  /// The pointer handed to the front end as its `ttt_host *`.
  var pointer: OpaquePointer { id.pointer }

  init(
    frontEnd: LoadedFrontEnd, spec: FrontEndSpec, ownsTerminal: Bool,
    connection: RemoteConnection? = nil
  ) {
    self.frontEnd = frontEnd
    self.spec = spec
    self.ownsTerminal = ownsTerminal
    self.connection = connection
    HandleRegistry.fill(id, with: self)
  }

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

  /// Whether its detach callback was called: requests it makes from then on are refused.
  var isDetaching: Bool {
    get { mainThreadState.isDetaching }
    set { mainThreadState.isDetaching = newValue }
  }

  /// Whether an ABI 1.1 owner was told that the input ended (`on_input` with no bytes).
  var hasSeenEndOfInput: Bool {
    get { mainThreadState.hasSeenEndOfInput }
    set { mainThreadState.hasSeenEndOfInput = newValue }
  }

  /// The outputs the host opened for it (`open_output`).
  var outputs: [FrontEndOutput] {
    get { mainThreadState.outputs }
    set { mainThreadState.outputs = newValue }
  }

  /// How many change, action and settle callbacks the host has called on this front end; the
  /// conformance check makes sure it stops growing at detach.
  public var deliveredCallbacks: Int {
    get { mainThreadState.deliveredCallbacks }
    set { mainThreadState.deliveredCallbacks = newValue }
  }

  /// How many of its own calls are under way: its callbacks, and its sends on the store thread.
  var callDepth: Int {
    get { mainThreadState.callDepth }
    set { mainThreadState.callDepth = newValue }
  }

  /// How many times the host called it while one of its own calls was under way (inside
  /// another of its callbacks, or inside a send): none, when the sends come from callbacks,
  /// since the host tells a change once the outermost call has returned. The conformance
  /// check makes sure of it.
  public internal(set) var nestedCallbacks: Int {
    get { mainThreadState.nestedCallbacks }
    set { mainThreadState.nestedCallbacks = newValue }
  }

  /// The last notice it gave the person at the terminal (`notice`, ABI 1.4), handed again to a
  /// terminal owner that attaches later.
  var lastNotice: String? {
    get { mainThreadState.lastNotice }
    set { mainThreadState.lastNotice = newValue }
  }

  /// The handle for `feature`, made once and kept.
  func handle(_ feature: HostFeature) -> StoreHandle {
    if let handle = mainThreadState.handles[feature] { return handle }
    let handle = StoreHandle(feature: feature, session: self)
    mainThreadState.handles[feature] = handle
    return handle
  }

  /// Retires the front end's handles once it is detached (or failed to attach): its
  /// `ttt_host *`, store handles and outputs answer `TTT_ERR_DETACHED` from now on, and the host
  /// lets go of them (the store handles, which point back at the session, go too). Store
  /// thread.
  func retireHandles() {
    mainThreadState.attachedHost = nil
    mainThreadState.attachedHostOwner = nil
    HandleRegistry.retire(id)
    for handle in mainThreadState.handles.values { HandleRegistry.retire(handle.id) }
    for output in outputs { HandleRegistry.retire(output.id) }
    mainThreadState.handles = [:]
  }

  /// The last error on the store thread, where nearly every call is made: a plain property,
  /// not a dictionary look-up (an expected refusal, such as a read of a screen that is not
  /// shown, happens on every state event of the JSON-lines front end).
  // Only touched on the store thread.
  private nonisolated(unsafe) let storeThreadLastError = ThreadLastError()

  /// This front end's last error on the calling thread (the header's "on this thread"), kept
  /// in the thread's own table on other threads: no other thread can replace or free it.
  private var threadLastError: ThreadLastError {
    if isStoreThread() { return storeThreadLastError }
    return ThreadLastErrors.current.error(for: UInt(bitPattern: pointer))
  }

  /// Records the message `last_error` returns next on this thread.
  func setLastError(_ message: String) { threadLastError.message = message }

  /// The last error message on this thread, for the host's own messages.
  var lastErrorMessage: String { threadLastError.message }

  /// The copy of a note `note` handed out, valid until its next call (store thread only).
  private nonisolated(unsafe) var exportedNote = ContiguousArray<CChar>()

  /// A copy of `note` for the `note` routine, valid until its next call; `nil` for none.
  func exportedNotePointer(_ note: String?) -> UnsafePointer<CChar>? {
    guard let note else { return nil }
    exportedNote = ContiguousArray(note.utf8CString)
    return exportedNote.withUnsafeBufferPointer { $0.baseAddress! }
  }

  /// A copy of the last error message on this thread for `last_error`, valid until the next
  /// call on this thread (the header's [until-next-read]), whatever errors happen meanwhile.
  func lastErrorPointer() -> UnsafePointer<CChar> {
    let lastError = threadLastError
    lastError.exported = ContiguousArray(lastError.message.utf8CString)
    return lastError.exported.withUnsafeBufferPointer { $0.baseAddress! }
  }
}

/// The last error of one front end on one thread, and the copy `last_error` handed out.
private final class ThreadLastError {
  var message = ""
  var exported = ContiguousArray<CChar>([0])
}

/// The last errors of every front end on one thread other than the store thread, kept in that
/// thread's own storage and freed with the thread.
private final class ThreadLastErrors {
  private var errors: [UInt: ThreadLastError] = [:]

  /// The calling thread's table, made on its first error.
  static var current: ThreadLastErrors {
    if let table = pthread_getspecific(key) {
      return Unmanaged<ThreadLastErrors>.fromOpaque(table).takeUnretainedValue()
    }
    let table = ThreadLastErrors()
    pthread_setspecific(key, Unmanaged.passRetained(table).toOpaque())
    return table
  }

  /// The last error of the front end whose `ttt_host *` is `host`.
  func error(for host: UInt) -> ThreadLastError {
    if let error = errors[host] { return error }
    let error = ThreadLastError()
    errors[host] = error
    return error
  }

  /// The thread-local slot; its destructor releases a thread's table when the thread ends.
  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key) { table in
      guard let table else { return }
      Unmanaged<ThreadLastErrors>.fromOpaque(table).release()
    }
    return key
  }()
}
