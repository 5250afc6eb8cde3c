/// What the host's rooms ask of the host itself: loading, attaching and detaching front ends,
/// and handing one its input. ``FrontEndHost`` conforms; ``RequestCarrier`` and
/// ``ConnectionServer`` hold it weakly, as a narrow view of the host instead of all of it.
@MainActor
protocol FrontEndAttacher: AnyObject {
  /// Loads the front end `spec` (checked, not attached).
  func load(_ spec: FrontEndSpec) throws(FrontEndLoadError) -> LoadedFrontEnd
  /// Loads and attaches the front end `spec`, for `connection`'s client if there is one.
  func attach(
    _ spec: FrontEndSpec, ownsTerminal: Bool, connection: RemoteConnection?
  ) -> Result<AttachedFrontEnd, FrontEndLoadError>
  /// Detaches `session`; returns how many subscriptions it left registered.
  @discardableResult
  func detach(_ session: AttachedFrontEnd) -> Int
  /// Gives `owner` `bytes` with `TTT_INPUT_*` `flags` from `gate`; returns how many it consumed.
  func hand(
    _ bytes: UnsafeRawBufferPointer, flags: UInt32, to owner: AttachedFrontEnd?,
    from gate: InputGate
  ) -> Int
}
