/// The state of a presented child feature, as `@Presents` declares it: the optional child state,
/// with a projection (`$destination`) that navigation reducers take.
///
/// ```swift
/// struct State: Equatable {
///   @Presents var twoFactor: TwoFactor.State?
/// }
/// // in the body:
/// .ifLet(\.$twoFactor, action: \.twoFactor) { TwoFactor() }
/// ```
@propertyWrapper
public struct PresentationState<State> {
  /// The presented child's state, or `nil` when nothing is presented.
  public var wrappedValue: State?

  /// Wraps a child state, or `nil`.
  ///
  /// - Parameter wrappedValue: The child state, or `nil` when nothing is presented.
  public init(wrappedValue: State?) {
    self.wrappedValue = wrappedValue
  }

  /// The wrapper itself, read as `$destination`: what `ifLet(\.$destination, action:)` takes.
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
  }
}

/// Upstream's spelling of ``PresentationState`` as an attribute: `@Presents var alert: ...?`.
public typealias Presents = PresentationState

extension PresentationState: Equatable where State: Equatable {}
extension PresentationState: Hashable where State: Hashable {}
extension PresentationState: Sendable where State: Sendable {}
