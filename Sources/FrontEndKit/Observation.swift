import TicTacToeFrontEndABI

/// An object told when the state it reads changed.
public protocol ChangeObserving: AnyObject {
  /// The state read through the subscribed handle changed; read what you need.
  func stateDidChange()
}

/// An object told about every action the store processes.
public protocol ActionObserving: AnyObject {
  /// The store processed an action (`casePath`), sent by a front end or by an effect; `payload`
  /// is its payload as a JSON object, secrets redacted (`nil` from a host older than ABI 1.3).
  func storeDidProcess(casePath: String, fromEffect: Bool, error: String?, payload: String?)
}

extension HostConnection {
  /// Subscribes `observer` to changes of the state read through `store` (the root by default).
  /// The observer is not retained: unsubscribe before it goes away (the host also drops every
  /// subscription of a front end when it detaches).
  public func subscribe(_ observer: any ChangeObserving, to store: OpaquePointer? = nil) -> UInt64 {
    api.pointee.subscribe!(
      store ?? root,
      { context in
        guard let context else { return }
        (Unmanaged<AnyObject>.fromOpaque(context).takeUnretainedValue() as? any ChangeObserving)?
          .stateDidChange()
      }, Unmanaged.passUnretained(observer as AnyObject).toOpaque())
  }

  /// Subscribes `observer` to every processed action; not retained, like ``subscribe(_:to:)``.
  public func observeActions(_ observer: any ActionObserving) -> UInt64 {
    api.pointee.observe_actions!(
      host,
      { context, event in
        guard let context, let event else { return }
        let observer =
          Unmanaged<AnyObject>.fromOpaque(context).takeUnretainedValue() as? any ActionObserving
        observer?.storeDidProcess(
          casePath: String(cString: event.pointee.case_path),
          fromEffect: event.pointee.from_effect,
          error: event.pointee.error.map { String(cString: $0) },
          payload: event.payload)
      }, Unmanaged.passUnretained(observer as AnyObject).toOpaque())
  }
}

extension UnsafePointer<ttt_action_event> {
  /// The payload, read only when the host's event is large enough to have one (ABI 1.3).
  fileprivate var payload: String? {
    let end =
      MemoryLayout<ttt_action_event>.offset(of: \.payload)!
      + MemoryLayout<UnsafePointer<CChar>?>.size
    guard pointee.struct_size >= end else { return nil }
    return pointee.payload.map { String(cString: $0) }
  }
}
