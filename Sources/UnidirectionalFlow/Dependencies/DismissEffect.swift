/// A dependency a presented feature calls to close itself, without knowing its parent.
///
/// ```swift
/// case .quitButtonTapped:
///   return .run { _ in await dismiss() }
/// ```
///
/// The parent's presentation reducer (`ifLet` with a `PresentationAction`, or a stack's
/// `forEach`) receives its `.dismiss` (or `.popFrom`) action as a result. Calling it outside an
/// effect of a presented feature reports an issue.
public struct DismissEffect: Sendable {
  private let dismiss: (@Sendable () async -> Void)?

  /// A dismiss effect that runs `dismiss`; tests may use it to observe dismissal.
  ///
  /// - Parameter dismiss: What dismissing does.
  public init(_ dismiss: @escaping @Sendable () async -> Void) { self.dismiss = dismiss }

  init() { self.dismiss = nil }

  /// Asks the parent to dismiss the feature this effect belongs to.
  ///
  /// - Parameters:
  ///   - fileID: The file an issue is reported against; the caller's by default.
  ///   - line: The line an issue is reported against; the caller's by default.
  public func callAsFunction(fileID: StaticString = #fileID, line: UInt = #line) async {
    if let dismiss {
      await dismiss()
    } else if let handler = DismissEffect.handler?.dismiss {
      await handler()
    } else {
      reportIssue(
        "`dismiss()` was called from \(fileID):\(line) outside an effect of a presented "
          + "feature, so there is nothing to dismiss.")
    }
  }

  /// The action sender of the innermost presented feature, bound by the store for the effects
  /// it runs in a navigation scope.
  ///
  /// The closure is bound inside a `DismissEffect`, never bare: Swift 6.3 miscompiles a task
  /// local of function type in optimized builds (it binds the value with invalid type metadata
  /// and crashes), and this one is bound for every `.run` effect.
  @TaskLocal static var handler: DismissEffect?
}

extension DependencyValues {
  /// Closes the presented feature that calls it.
  public var dismiss: DismissEffect {
    get { self[DismissEffectKey.self] }
    set { self[DismissEffectKey.self] = newValue }
  }
}

private enum DismissEffectKey: DependencyKey {
  static let liveValue = DismissEffect()
  static let testValue = DismissEffect()
}
