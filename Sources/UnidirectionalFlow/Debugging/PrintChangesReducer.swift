extension Reducer {
  /// Prints every action and the change it made to the state, as a line diff.
  ///
  /// ```swift
  /// Store(initialState: App.State()) { App()._printChanges() }
  /// ```
  ///
  /// Secrets: a type conforming to ``CustomDumpStringConvertible`` controls how it prints.
  ///
  /// - Parameter output: Where each printed change goes; standard output by default.
  /// - Returns: A reducer that runs this one and prints what it did.
  public func _printChanges(
    to output: @escaping @Sendable (String) -> Void = { print($0) }
  ) -> PrintChangesReducer<Self> {
    PrintChangesReducer(base: self, output: output)
  }
}

extension Reducer where Body: Reducer, Body.State == State, Body.Action == Action {
  /// Prints every action and the change it made to the state; this reducer's body is
  /// evaluated once, here.
  ///
  /// - Parameter output: Where each printed change goes; standard output by default.
  /// - Returns: A reducer that runs this one's body and prints what it did.
  public func _printChanges(
    to output: @escaping @Sendable (String) -> Void = { print($0) }
  ) -> PrintChangesReducer<Body> {
    PrintChangesReducer(base: body, output: output)
  }
}

/// The reducer made by `Reducer._printChanges(to:)`.
public struct PrintChangesReducer<Base: Reducer>: Reducer {
  public typealias Body = Never
  let base: Base
  let output: @Sendable (String) -> Void

  /// Runs the base reducer and prints what it did.
  ///
  /// - Parameters:
  ///   - state: The state the action changes.
  ///   - action: The action to handle.
  /// - Returns: The effects the action starts, to run after it.
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let before = stateDump(state)
    let effect = base.reduce(into: &state, action: action)
    let change = lineDiff(expected: before, actual: stateDump(state)) ?? "  (No state changes)"
    output("received action:\n  \(stateDump(action))\n\(change)")
    return effect
  }
}
