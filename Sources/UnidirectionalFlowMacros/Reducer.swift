import UnidirectionalFlow

/// Makes a feature a ``UnidirectionalFlow/Reducer``, the way the upstream library's users write
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
@attached(member, names: named(State), named(Action), named(body))
@attached(memberAttribute)
@attached(extension, conformances: Reducer)
public macro Reducer() =
  #externalMacro(module: "UnidirectionalFlowMacrosPlugin", type: "ReducerMacro")
