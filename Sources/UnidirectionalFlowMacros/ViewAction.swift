import UnidirectionalFlow

/// Lets a type that holds a `store` of `feature` send the feature's view actions directly:
///
/// ```swift
/// @ViewAction(for: Login.self)
/// struct LoginScreen {
///   let store: StoreOf<Login>
///   func submit() { send(.loginButtonTapped) }  // store.send(.view(.loginButtonTapped))
/// }
/// ```
///
/// It adds the `ViewActionSending` conformance; the feature's `Action`
/// must be a `ViewAction`.
///
/// - Parameter feature: The feature whose store the type holds, as `Login.self`.
@attached(extension, conformances: ViewActionSending)
public macro ViewAction<Feature: Reducer>(for feature: Feature.Type) =
  #externalMacro(module: "UnidirectionalFlowMacrosPlugin", type: "ViewActionMacro")
where Feature.Action: UnidirectionalFlow.ViewAction
