import UnidirectionalFlow

/// Makes a feature's state `ObservableState`: reads of it through a store
/// register with the `Observation` module's tracking, which then fires only for the fields that
/// were read.
///
/// ```swift
/// @ObservableState
/// struct State {
///   var count = 0                              // tracked
///   @ObservationStateIgnored var scratch = 0   // not tracked
///   @Presents var alert: AlertState<Action.Alert>?
/// }
/// ```
///
/// On a struct, every stored `var` is tracked, except those marked
/// ``ObservationStateIgnored()`` and those with a property wrapper (`@Presents`), whose
/// presence a store tracks when it is scoped to them. Setting a field notifies its readers,
/// unless the new value is the same child state (one identity; see
/// `ObservableState`): a child changed in place notifies the readers of
/// its own fields only. On an enum, the identity is the case and the identity of the state it
/// carries, so a store scoped to the enum notices a change of case.
@attached(member, names: named(_$observationRegistrar), named(_$id), named(_$fieldStorage))
@attached(memberAttribute)
@attached(extension, conformances: ObservableState)
public macro ObservableState() =
  #externalMacro(module: "UnidirectionalFlowMacrosPlugin", type: "ObservableStateMacro")

/// Put by ``ObservableState()`` on each stored `var` it tracks: the value moves to `_name`, and
/// the property's accessors register reads and report changes. Not written by hand.
@attached(accessor, names: named(init), named(get), named(set), named(_modify))
@attached(peer, names: prefixed(_))
public macro ObservationStateTracked() =
  #externalMacro(module: "UnidirectionalFlowMacrosPlugin", type: "ObservationStateTrackedMacro")

/// Leaves a stored property of an ``ObservableState()`` struct untracked: reading it registers
/// nothing, and changing it notifies no one.
@attached(accessor, names: named(willSet))
public macro ObservationStateIgnored() =
  #externalMacro(module: "UnidirectionalFlowMacrosPlugin", type: "ObservationStateIgnoredMacro")
