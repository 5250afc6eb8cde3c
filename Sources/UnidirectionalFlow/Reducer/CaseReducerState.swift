/// The `State` of an enum of child features (what `@Reducer enum` makes), which carries the
/// enum's reducer so that navigation runs it without a closure:
///
/// ```swift
/// @Reducer
/// enum Path {
///   case login(Login)
///   case game(Game)
/// }
/// // in the parent: .forEach(\.path, action: \.path)
/// ```
public protocol CaseReducerState {
  /// The enum's reducer, which runs each child feature on its own case.
  associatedtype CaseBody: Reducer where CaseBody.State == Self
  /// The enum's static `body`.
  static var caseBody: CaseBody { get }
}

/// A store of the given feature: `StoreOf<Login>` is `Store<Login.State, Login.Action>`.
public typealias StoreOf<R: Reducer> = Store<R.State, R.Action>
