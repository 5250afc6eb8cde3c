import UnidirectionalFlow

/// Makes a feature a `Reducer`, the way the upstream library's users write
/// one.
///
/// On a struct with a nested `State` and `Action`, it adds the `Reducer` conformance and makes
/// `Action` (and `State`, when it is an enum) `@CasePathable`:
///
/// ```swift
/// @Reducer
/// struct Counter {
///   struct State: Equatable { var count = 0 }
///   enum Action { case incrementButtonTapped }
///
///   var body: some Reducer<State, Action> { … }
/// }
/// ```
///
/// On an enum whose cases each carry one child feature, it builds the enum-reducer form: a
/// `State` enum and an `Action` enum with one case per child, both `@CasePathable`, and a
/// static `body` that runs each child on its own case:
///
/// ```swift
/// @Reducer
/// enum Screen {
///   case login(Login)
///   case newGame(NewGame)
/// }
/// // Screen.State: .login(Login.State), .newGame(NewGame.State)
/// // Screen.Action: .login(Login.Action), .newGame(NewGame.Action)
/// // Screen.body: a reducer of Screen.State and Screen.Action
/// ```
///
/// The enum may write its own `static var body` (to add logic around its children); it then
/// gets `State` and `Action` only. A case that holds an alert or a confirmation dialog, or one
/// marked ``ReducerCaseEphemeral()``, has that state itself and its actions, and no reducer; a
/// case marked ``ReducerCaseIgnored()`` has that state and no actions. Its `State` conforms to
/// `CaseReducerState`, so navigation runs it without a closure:
/// `.forEach(\.path, action: \.path)`. The enum itself conforms to `CaseReducer`, a `Reducer`,
/// so `StackActionOf<Path>` and `StoreOf<Path>` name its types.
@attached(member, names: named(State), named(Action), named(body), named(CaseScope))
@attached(memberAttribute)
@attached(extension, conformances: Reducer, CaseReducer)
public macro Reducer() =
  #externalMacro(module: "UnidirectionalFlowMacrosPlugin", type: "ReducerMacro")

/// `@Reducer` on an enum of child features whose generated `State` and `Action` also conform to
/// the protocols listed: `@Reducer(state: .equatable, .sendable, action: .equatable)`.
///
/// - Parameters:
///   - state: The protocols the generated `State` conforms to.
///   - action: The protocols the generated `Action` conforms to.
@attached(member, names: named(State), named(Action), named(body), named(CaseScope))
@attached(memberAttribute)
@attached(extension, conformances: Reducer, CaseReducer)
public macro Reducer(state: _SynthesizedConformance..., action: _SynthesizedConformance...) =
  #externalMacro(module: "UnidirectionalFlowMacrosPlugin", type: "ReducerMacro")

/// A protocol that `@Reducer(state:action:)` adds to an enum reducer's `State` or `Action`.
///
/// `@Reducer` reads the names written in its attribute; the values only make them type-check.
public struct _SynthesizedConformance: Sendable {
  private init() {}

  /// `Codable`.
  public static let codable = Self()
  /// `Decodable`.
  public static let decodable = Self()
  /// `Encodable`.
  public static let encodable = Self()
  /// `Equatable`.
  public static let equatable = Self()
  /// `Hashable`.
  public static let hashable = Self()
  /// `Sendable`.
  public static let sendable = Self()
}

/// Marks a case of a `@Reducer` enum whose state has no logic of its own (a custom alert, say):
/// the enum's `State` holds that state and its `Action` the state's `Action`, and no reducer
/// runs for it. Alerts and confirmation dialogs are treated so without the mark.
@attached(peer, names: arbitrary)
public macro ReducerCaseEphemeral() =
  #externalMacro(module: "UnidirectionalFlowMacrosPlugin", type: "ReducerCaseMarkerMacro")

/// Marks a case of a `@Reducer` enum that holds plain state: the enum's `State` holds it, its
/// `Action` has no case for it, and no reducer runs for it.
@attached(peer, names: arbitrary)
public macro ReducerCaseIgnored() =
  #externalMacro(module: "UnidirectionalFlowMacrosPlugin", type: "ReducerCaseMarkerMacro")
