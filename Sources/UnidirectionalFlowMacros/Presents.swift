import UnidirectionalFlow

/// Declares an optional field of a feature's state as presented: `$name` is its
/// `PresentationState` (of `UnidirectionalFlow`), which `ifLet(\.$name, action:)` takes.
///
/// ```swift
/// @ObservableState
/// struct State {
///   @Presents var alert: AlertState<Action.Alert>?
///   @Presents var destination: Destination.State?
/// }
/// // in the body:
/// .ifLet(\.$alert, action: \.alert)
/// ```
///
/// In an ``ObservableState()`` struct the field is tracked as any other: a read through a store
/// registers it, and presenting, dismissing or replacing what it holds notifies its readers (a
/// child changed in place notifies the readers of its own fields only). Without the macros,
/// `@PresentationState var alert: ...?` is the property wrapper alone, untracked.
@attached(accessor, names: named(init), named(get), named(set), named(_modify))
@attached(peer, names: prefixed(_), prefixed(`$`))
public macro Presents() =
  #externalMacro(module: "UnidirectionalFlowMacrosPlugin", type: "PresentsMacro")
