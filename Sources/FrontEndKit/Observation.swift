import Glibc
import TicTacToeFrontEndABI

/// An object told when the state it reads changed.
public protocol ChangeObserving: AnyObject {
  /// The state read through the subscribed handle changed; read what you need.
  func stateDidChange()
}

/// An object told about every action the store processes (``RawActionObserving`` hands the
/// payload as the host's bytes, without making a `String` of it for every action).
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
    let box = ObserverBox.Change(observer)
    let id = api.pointee.subscribe!(
      store ?? root,
      { context in
        guard let context else { return }
        Unmanaged<ObserverBox.Change>.fromOpaque(context).takeUnretainedValue().observer
          .stateDidChange()
      }, Unmanaged.passUnretained(box).toOpaque())
    ObserverBox.keep(box, id: id, host: host)
    return id
  }

  /// Subscribes `observer` to every processed action; not retained, like ``subscribe(_:to:)``.
  public func observeActions(_ observer: any ActionObserving) -> UInt64 {
    let box = ObserverBox.Action(observer)
    let id = api.pointee.observe_actions!(
      host,
      { context, event in
        guard let context, let event else { return }
        Unmanaged<ObserverBox.Action>.fromOpaque(context).takeUnretainedValue().observer
          .storeDidProcess(
            casePath: ObserverBox.casePath(event.pointee.case_path),
            fromEffect: event.pointee.from_effect,
            error: event.pointee.error.map { String(cString: $0) },
            payload: event.payload)
      }, Unmanaged.passUnretained(box).toOpaque())
    ObserverBox.keep(box, id: id, host: host)
    return id
  }

  /// Ends a subscription or action observation.
  public func unsubscribe(_ id: UInt64) {
    api.pointee.unsubscribe!(host, id)
    ObserverBox.release(id: id, host: host)
  }
}

/// What a subscription's callback context points to: the observer, typed, so that the callback
/// calls it without a dynamic cast (a protocol conformance look-up on every call, for every
/// front end and every socket client). A box lives until its subscription ends: until
/// ``HostConnection/unsubscribe(_:)``, or the front end's detach. It does not retain the
/// observer, as the subscription never did.
///
/// Only the store thread subscribes, unsubscribes, detaches and is called back, so the boxes
/// need no lock.
enum ObserverBox {
  /// A change observer's box.
  final class Change {
    unowned(unsafe) let observer: any ChangeObserving
    init(_ observer: any ChangeObserving) { self.observer = observer }
  }

  /// An action observer's box.
  final class Action {
    unowned(unsafe) let observer: any ActionObserving
    init(_ observer: any ActionObserving) { self.observer = observer }
  }

  private struct Key: Hashable {
    let host: UInt
    let id: UInt64
  }

  // Store thread only (see the type's notes).
  nonisolated(unsafe) private static var boxes: [Key: AnyObject] = [:]
  /// The case path of the last action event, and its bytes: every observer in the process is
  /// told of the same action in turn, and gets the same string, made once.
  nonisolated(unsafe) private static var lastCasePath: (bytes: [CChar], string: String) = ([0], "")

  /// Keeps `box` for the subscription `id` of `host` (none when the host refused: id 0).
  static func keep(_ box: AnyObject, id: UInt64, host: OpaquePointer) {
    guard id != 0 else { return }
    boxes[Key(host: UInt(bitPattern: UnsafeRawPointer(host)), id: id)] = box
  }

  /// Lets go of the box of the subscription `id` of `host`.
  static func release(id: UInt64, host: OpaquePointer) {
    boxes[Key(host: UInt(bitPattern: UnsafeRawPointer(host)), id: id)] = nil
  }

  /// Lets go of every box of `host`: its front end is detached, and the host dropped its
  /// subscriptions.
  static func releaseAll(host: OpaquePointer) {
    let bits = UInt(bitPattern: UnsafeRawPointer(host))
    guard boxes.keys.contains(where: { $0.host == bits }) else { return }
    boxes = boxes.filter { $0.key.host != bits }
  }

  /// `pointer`'s text as a string: the one made for the last action when it is the same text.
  static func casePath(_ pointer: UnsafePointer<CChar>) -> String {
    let length = strlen(pointer)
    let isSame = lastCasePath.bytes.withUnsafeBufferPointer {
      $0.count == length + 1 && memcmp($0.baseAddress!, pointer, length) == 0
    }
    if !isSame {
      lastCasePath = (
        Array(UnsafeBufferPointer(start: pointer, count: length + 1)), String(cString: pointer)
      )
    }
    return lastCasePath.string
  }
}

extension UnsafePointer<ttt_action_event> {
  /// The payload, read only when the host's event is large enough to have one (ABI 1.3).
  fileprivate var payload: String? {
    payloadPointer.map { String(cString: $0) }
  }

  /// The payload's bytes, without the NUL, valid while the event is (see ``payload``).
  var payloadUTF8: UnsafeRawBufferPointer? {
    payloadPointer.map { UnsafeRawBufferPointer(start: $0, count: strlen($0)) }
  }

  /// The payload's C string, when the host's event is large enough to have one (ABI 1.3).
  private var payloadPointer: UnsafePointer<CChar>? {
    let end =
      MemoryLayout<ttt_action_event>.offset(of: \.payload)!
      + MemoryLayout<UnsafePointer<CChar>?>.size
    guard pointee.struct_size >= end else { return nil }
    return pointee.payload
  }
}
