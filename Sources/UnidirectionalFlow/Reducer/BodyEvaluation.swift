import Synchronization

extension Reducer where Body: Reducer, Body.State == State, Body.Action == Action {
  /// This reducer's ``Reducer/body``, evaluated now: every place the library evaluates a body
  /// goes through here, so that one evaluated for an action, instead of once for the store, is
  /// reported (see `BodyEvaluation`).
  @usableFromInline
  var evaluatedBody: Body {
    BodyEvaluation.note(Self.self)
    return body
  }
}

/// The check behind the rule "a store evaluates each ``Reducer/body`` once, when it is created".
///
/// A body evaluated while a store reduces an action on the same thread is evaluated for that
/// action, and will be for the next: something calls `reduce(into:action:)` on a reducer that has
/// a body (a wrapper holding the feature itself instead of its body), or builds reducers inside a
/// `Reduce` closure. Every key path, case path and child reducer of that body is then built again
/// per action, which is what made the app's JSON-lines stream three times slower once. It is
/// reported once per reducer type, as a warning: a test fails on it, the app keeps running.
@usableFromInline
enum BodyEvaluation {
  /// The reducer types already reported.
  private static let reported = Mutex<Set<ObjectIdentifier>>([])

  /// Reports `reducer`'s body evaluation if a store is reducing an action on this thread, the
  /// first time for this type.
  @usableFromInline
  static func note(_ reducer: Any.Type) {
    guard DependencyScope.isReducing else { return }
    guard reported.withLock({ $0.insert(ObjectIdentifier(reducer)).inserted }) else { return }
    reportIssue(
      "The body of '\(reducer)' was evaluated while a store reduced an action: it is built "
        + "again for every action. Hold the reducer its body builds instead of the feature "
        + "itself (list it in a @ReducerBuilder, or take its body once); see \"When the body is "
        + "evaluated\" in the Reducer documentation.",
      severity: .warning)
  }
}
