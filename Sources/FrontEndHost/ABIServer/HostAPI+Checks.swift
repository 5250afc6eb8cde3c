import TicTacToeAppCore
import TicTacToeFrontEndABI

/// The checks every host routine makes before it does anything: the pointer is one the host
/// handed out, the routine is called on a thread the header allows, and the front end is still
/// attached. A failed check, or an error the routine throws, becomes the routine's status and
/// `last_error`.
extension HostAPI {
  /// Where a routine may be called: the header's `[store-thread]` and `[thread-safe]`.
  enum ThreadRule {
    case storeThread
    case anyThread
  }

  /// A `[store-thread]` routine on a store handle that returns a status: an unknown handle
  /// is `TTT_ERR_INVALID_ARGUMENT`, and a refusal is its error's status.
  @inline(__always)
  static func withStatus(
    _ store: OpaquePointer?, _ routine: String,
    _ body: @MainActor (StoreHandle, FrontEndHost) throws(HostCallError) -> ttt_status
  ) -> ttt_status {
    with(
      store, as: StoreHandle.self, routine, unknown: TTT_ERR_INVALID_ARGUMENT, refused: \.status,
      body)
  }

  /// A `[store-thread]` routine on `pointer`, a `ttt_store *` or `ttt_output *` that must be
  /// a `T`, that returns a status and calls into no front end and retires no handle: the
  /// reads (`read_root`, the screens' reads, `read_state_json`) and `write`. Its body is
  /// handed the routine's own `arguments` instead of capturing them (see
  /// ``with(_:as:_:unknown:refused:passing:_:)``).
  ///
  /// On the store thread the object and its front end are used as the registry holds them,
  /// neither retained nor released: nothing the body does can retire them (a failed
  /// output is dropped, and the host quits, only after the call), so the registry holds both
  /// until it returns. Retaining them cost about 270 instructions per call (the
  /// wrapper of a read went from 426 to 153, callgrind, text and ansi attached): a front end
  /// that a weak reference points to (an output's closure, say) counts its references in a
  /// side table, the slow path. Off the store thread the routine is refused as every other.
  @inline(__always)
  static func withStatusHeld<T: HandedOut, Arguments>(
    _ pointer: OpaquePointer?, as type: T.Type, _ routine: String,
    passing arguments: Arguments,
    _ body: @MainActor (T, FrontEndHost, Arguments) throws(HostCallError) -> ttt_status
  ) -> ttt_status {
    guard isStoreThread() else {
      return with(
        pointer, as: type, routine, unknown: TTT_ERR_INVALID_ARGUMENT, refused: \.status,
        passing: arguments, body)
    }
    switch HandleRegistry.findHeld(pointer, as: type) {
    case .live(let object):
      return object._withUnsafeGuaranteedRef { object in
        Unmanaged.passUnretained(object.session)._withUnsafeGuaranteedRef { session in
          check(session, routine, .storeThread, onStoreThread: true, refused: \.status) {
            host throws(HostCallError) in
            try onMainActor(body, object, host, arguments)
          }
        }
      }
    case .retired: return TTT_ERR_DETACHED
    case .unknown: return TTT_ERR_INVALID_ARGUMENT
    }
  }

  /// A `[thread-safe]` routine on a store handle that returns a status; `body` runs on the
  /// calling thread.
  @inline(__always)
  static func withStatusOnAnyThread(
    _ store: OpaquePointer?, _ routine: String,
    _ body: (StoreHandle, FrontEndHost) throws(HostCallError) -> ttt_status
  ) -> ttt_status {
    let onStoreThread = isStoreThread()
    let handle: StoreHandle
    switch HandleRegistry.find(store, as: StoreHandle.self, onStoreThread: onStoreThread) {
    case .live(let found): handle = found
    case .retired: return TTT_ERR_DETACHED
    case .unknown: return TTT_ERR_INVALID_ARGUMENT
    }
    return check(
      handle.session, routine, .anyThread, onStoreThread: onStoreThread, refused: \.status
    ) {
      host throws(HostCallError) in try body(handle, host)
    }
  }

  /// Runs a `[store-thread]` routine on `pointer`, a `ttt_store *`, `ttt_host *` or
  /// `ttt_output *` that must be a `T`: `otherwise` for a pointer the host never handed out
  /// and for any refusal; otherwise the checks of ``check(_:_:_:refused:_:)``.
  @inline(__always)
  static func with<T: HandedOut, R>(
    _ pointer: OpaquePointer?, as type: T.Type, _ routine: String, otherwise: R,
    _ body: @MainActor (T, FrontEndHost) throws(HostCallError) -> R
  ) -> R {
    with(pointer, as: type, routine, unknown: otherwise, refused: { _ in otherwise }, body)
  }

  /// ``with(_:as:_:otherwise:_:)``, with what a refusal returns worked out from the error. A
  /// retired handle (its front end was detached) is refused as detached.
  @inline(__always)
  static func with<T: HandedOut, R>(
    _ pointer: OpaquePointer?, as type: T.Type, _ routine: String, unknown: R,
    refused: (HostCallError) -> R, _ body: @MainActor (T, FrontEndHost) throws(HostCallError) -> R
  ) -> R {
    let onStoreThread = isStoreThread()
    let object: T
    switch HandleRegistry.find(pointer, as: type, onStoreThread: onStoreThread) {
    case .live(let found): object = found
    case .retired: return refused(.detached)
    case .unknown: return unknown
    }
    return check(
      object.session, routine, .storeThread, onStoreThread: onStoreThread, refused: refused
    ) { host throws(HostCallError) in
      try onMainActor(body, object, host)
    }
  }

  /// ``with(_:as:_:unknown:refused:_:)`` for a body that is handed the routine's own
  /// `arguments` (the caller's pointers, say) instead of capturing them: a body that captures
  /// nothing has no context, while a capturing one's is allocated on the heap on every call,
  /// since ``onMainActor(_:_:_:_:)`` makes it escapable. For the routines every action calls
  /// (`write`, `read_root`, the screens' reads): one allocation each. A body that calls a
  /// static function of `HostAPI` unqualified (`check(...)`) captures the metatype, and so has
  /// a context: write `HostAPI.check(...)`.
  @inline(__always)
  static func with<T: HandedOut, Arguments, R>(
    _ pointer: OpaquePointer?, as type: T.Type, _ routine: String, unknown: R,
    refused: (HostCallError) -> R, passing arguments: Arguments,
    _ body: @MainActor (T, FrontEndHost, Arguments) throws(HostCallError) -> R
  ) -> R {
    let onStoreThread = isStoreThread()
    let object: T
    switch HandleRegistry.find(pointer, as: type, onStoreThread: onStoreThread) {
    case .live(let found): object = found
    case .retired: return refused(.detached)
    case .unknown: return unknown
    }
    return check(
      object.session, routine, .storeThread, onStoreThread: onStoreThread, refused: refused
    ) { host throws(HostCallError) in
      try onMainActor(body, object, host, arguments)
    }
  }

  /// Runs a `[store-thread]` routine that only makes or looks up the front end's own handles
  /// (`root`, `scope`): it needs the thread, neither the host nor the front end attached (a
  /// handle of a detached front end answers `TTT_ERR_DETACHED` itself). `otherwise` for a
  /// refusal.
  static func withOwnHandles<R>(
    _ session: AttachedFrontEnd, _ routine: String, otherwise: R,
    _ body: (AttachedFrontEnd) throws(HostCallError) -> R
  ) -> R {
    CallTally.countRoutine(routine)
    do throws(HostCallError) {
      guard isStoreThread() else { throw .invalid("\(routine) must be called on the store thread") }
      return try body(session)
    } catch {
      session.setLastError(error.message)
      return otherwise
    }
  }

  /// Checks the thread rule, then that the front end is attached, then
  /// runs `body`. A failed check or a thrown error sets `last_error` and returns
  /// `refused(error)`. `onStoreThread`: whether the caller runs on the store thread, as the
  /// caller found out already.
  ///
  /// On the store thread the host is the front end's unretained ``AttachedFrontEnd/attachedHost``
  /// (no weak load, no reference counting on every call); elsewhere its weak `host`.
  @inline(__always)
  static func check<R>(
    _ session: AttachedFrontEnd, _ routine: String, _ rule: ThreadRule, onStoreThread: Bool,
    refused: (HostCallError) -> R, _ body: (FrontEndHost) throws(HostCallError) -> R
  ) -> R {
    CallTally.countRoutine(routine)
    do throws(HostCallError) {
      if onStoreThread {
        guard let host = session.attachedHost, session.isAttached else { throw .detached }
        return try withHost(host, body)
      }
      if rule == .storeThread {
        throw .invalid("\(routine) must be called on the store thread")
      }
      guard let host = session.host, session.isAttached else {
        throw .detached
      }
      return try body(host)
    } catch {
      session.setLastError(error.message)
      return refused(error)
    }
  }

  /// Calls `body` with the host `host` refers to, neither retained nor released: the front
  /// end holds it while attached.
  @inline(__always)
  private static func withHost<R>(
    _ host: Unmanaged<FrontEndHost>, _ body: (FrontEndHost) throws(HostCallError) -> R
  ) throws(HostCallError) -> R {
    let result: Result<R, HostCallError> = host._withUnsafeGuaranteedRef { host in
      do throws(HostCallError) {
        return .success(try body(host))
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  /// Runs `body` as the main actor: the caller checked it is on the store thread.
  ///
  /// No second, dynamic check (`MainActor.assumeIsolated` asks the runtime for the current
  /// executor on every call, every ABI call): the store thread is where the main actor runs,
  /// which ``isStoreThread()`` checked. A synchronous function isolated to a global actor is
  /// called exactly like a nonisolated one, which is also how `assumeIsolated` calls it once
  /// its check passed.
  @inline(__always)
  static func onMainActor<R, Failure: Error>(
    _ body: @MainActor () throws(Failure) -> R
  ) throws(Failure) -> R {
    try withoutActuallyEscaping(body) { body throws(Failure) in
      try unsafeBitCast(body, to: (() throws(Failure) -> R).self)()
    }
  }

  /// ``onMainActor(_:)`` for a body that takes its two arguments: called with a closure it
  /// was given, it forms no new closure, whose context would be allocated on the heap on
  /// every ABI call (`withoutActuallyEscaping` needs an escapable context).
  @inline(__always)
  static func onMainActor<A, B, R, Failure: Error>(
    _ body: @MainActor (A, B) throws(Failure) -> R, _ first: A, _ second: B
  ) throws(Failure) -> R {
    try withoutActuallyEscaping(body) { body throws(Failure) in
      try unsafeBitCast(body, to: ((A, B) throws(Failure) -> R).self)(first, second)
    }
  }

  /// ``onMainActor(_:_:_:)`` for a body that takes three arguments.
  @inline(__always)
  static func onMainActor<A, B, C, R, Failure: Error>(
    _ body: @MainActor (A, B, C) throws(Failure) -> R, _ first: A, _ second: B, _ third: C
  ) throws(Failure) -> R {
    try withoutActuallyEscaping(body) { body throws(Failure) in
      try unsafeBitCast(body, to: ((A, B, C) throws(Failure) -> R).self)(first, second, third)
    }
  }

  /// Runs `body` for `session` and returns its status, or the status of the error it threw
  /// (recorded as the session's `last_error`).
  static func attempt(
    _ session: AttachedFrontEnd, _ body: () throws(HostCallError) -> ttt_status
  ) -> ttt_status {
    do {
      return try body()
    } catch {
      return fail(session, error)
    }
  }
}

/// What the host hands a front end as an opaque pointer, and the front end it belongs to.
protocol HandedOut: AnyObject, Sendable {
  /// The front end the pointer was handed to.
  var session: AttachedFrontEnd { get }
}

extension StoreHandle: HandedOut {}
extension FrontEndOutput: HandedOut {}
extension AttachedFrontEnd: HandedOut {
  /// A front end's `ttt_host *` belongs to itself.
  var session: AttachedFrontEnd { self }
}
