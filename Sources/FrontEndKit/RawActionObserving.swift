import Glibc
import TicTacToeFrontEndABI

/// An object told about every action the store processes, with the payload as the host's
/// bytes: ``ActionObserving`` without a `String` made of the payload for every action, for a
/// front end that writes the payload out as it is (`jsonl` does).
public protocol RawActionObserving: AnyObject {
  /// The store processed an action, sent by a front end or by an effect.
  ///
  /// - Parameters:
  ///   - casePath: The action's case path (`login.view.binding.email`).
  ///   - fromEffect: Whether an effect sent it, rather than a front end.
  ///   - error: The error of a failed response, `nil` otherwise.
  ///   - payloadUTF8: Its payload as a JSON object in UTF-8, secrets redacted, without a
  ///     terminating NUL (`nil` from a host older than ABI 1.3). The bytes are the host's and
  ///     valid during this call only: copy what you keep.
  func storeDidProcess(
    casePath: String, fromEffect: Bool, error: String?, payloadUTF8: UnsafeRawBufferPointer?)
}

extension HostConnection {
  /// Subscribes `observer` to every processed action, the payload handed as the host's bytes;
  /// not retained, like ``subscribe(_:to:)``. End it with ``unsubscribe(_:)``.
  ///
  /// - Parameter observer: The object told of each action.
  /// - Returns: The observation's id, for ``unsubscribe(_:)`` (0 when the host refused it).
  public func observeRawActions(_ observer: any RawActionObserving) -> UInt64 {
    let box = ObserverBox.RawAction(observer)
    let id = api.pointee.observe_actions!(
      host,
      { context, event in
        guard let context, let event else { return }
        Unmanaged<ObserverBox.RawAction>.fromOpaque(context).takeUnretainedValue().observer
          .storeDidProcess(
            casePath: ObserverBox.casePath(event.pointee.case_path),
            fromEffect: event.pointee.from_effect,
            error: event.pointee.error.map { String(cString: $0) },
            payloadUTF8: event.payloadUTF8)
      }, Unmanaged.passUnretained(box).toOpaque())
    ObserverBox.keep(box, id: id, host: host)
    return id
  }
}

extension ObserverBox {
  /// A raw action observer's box.
  final class RawAction {
    unowned(unsafe) let observer: any RawActionObserving
    init(_ observer: any RawActionObserving) { self.observer = observer }
  }
}
