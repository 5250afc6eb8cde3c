/// The state of a presented child feature, as `@Presents` (from `UnidirectionalFlowMacros`)
/// declares it: the optional child state, with a projection (`$destination`) that navigation
/// reducers take. Written as a property wrapper, it is the same, untracked.
///
/// ```swift
/// struct State: Equatable {
///   @PresentationState var twoFactor: TwoFactor.State?
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

extension PresentationState: Equatable where State: Equatable {}
extension PresentationState: Hashable where State: Hashable {}
extension PresentationState: Sendable where State: Sendable {}
