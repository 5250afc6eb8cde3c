/// Work a reducer asks the store to do after it has changed the state, such as a network
/// request, a timer, or sending another action.
///
/// Effects are values: a reducer describes them and the store runs them. Every action an
/// effect produces goes back through the reducer, so all state changes stay in one place.
///
/// ```swift
/// case .loginButtonTapped:
///   state.isLoginRequestInFlight = true
///   return .run { [email = state.email, password = state.password] send in
///     await send(.loginResponse(Result { try await client.login(email, password) }))
///   }
/// ```
public struct Effect<Action> {
  @usableFromInline
  indirect enum Operation {
    case none
    case send(Action)
    case run(Run)
    case merge([Effect])
    case concatenate([Effect])
    case cancellable(id: CancelID, cancelInFlight: Bool, Effect)
    case cancel(id: CancelID)
    case navigation(id: CancelID, dismissAction: Action?, Effect)
  }

  /// An asynchronous unit of work with the dependencies that were current when it was made.
  ///
  /// The operation runs on the main actor, with the store (see
  /// ``Effect/run(priority:operation:catch:fileID:line:)``).
  @usableFromInline
  struct Run: Sendable {
    let priority: TaskPriority?
    let dependencies: DependencyValues
    let operation: @MainActor @Sendable (Send<Action>) async -> Void
  }

  @usableFromInline let operation: Operation

  @usableFromInline init(operation: Operation) { self.operation = operation }
}

extension Effect: Sendable where Action: Sendable {}
extension Effect.Operation: Sendable where Action: Sendable {}

extension Effect {
  /// An effect that does nothing. Returning it costs no allocation.
  public static var none: Self { Self(operation: .none) }

  /// An effect that sends `action` back into the store right after the current action,
  /// before any action that arrives later.
  ///
  /// - Parameter action: The action to send.
  /// - Returns: The effect.
  public static func send(_ action: Action) -> Self { Self(operation: .send(action)) }

  /// An effect that runs `operation` in a task and lets it send actions back.
  ///
  /// - Parameters:
  ///   - priority: The priority of the effect's task; `nil` for the default.
  ///   - operation: The work, run in a task of its own; it sends actions back through `send`.
  ///     Cancelling the effect cancels the task.
  ///   - handler: Called with an error `operation` throws (other than `CancellationError`),
  ///     and can still send actions. `nil` reports such an error as an issue.
  ///   - fileID: Where the effect was made, for the issue an unhandled error reports.
  ///   - line: The line where the effect was made.
  /// - Returns: The effect.
  ///
  /// The dependencies current when the effect is made are current inside the operation too.
  /// A thrown error goes to `handler`; with no handler, any error other than cancellation is
  /// reported as an issue (it fails a test), never swallowed silently.
  ///
  /// The operation (and `handler`) runs on the main actor, with the store, between the
  /// suspension points where it awaits other work. So `await send(...)` delivers the action
  /// without a hop, and an operation that ends with a send has ended by the time that action is
  /// processed: a test that receives it may end right there. Long synchronous work belongs in a
  /// `@concurrent` function (or a dependency) the operation awaits, which runs off the main
  /// actor.
  // `@MainActor`, not `nonisolated(nonsending)`: Swift 6.3 makes a closure with a capture list
  // (`{ [email = state.email] send in ... }`) `@concurrent` when it is converted to a
  // `nonisolated(nonsending)` type, so it would leave the main actor after all.
  public static func run(
    priority: TaskPriority? = nil,
    operation: @escaping @MainActor @Sendable (_ send: Send<Action>) async throws -> Void,
    catch handler: (
      @MainActor @Sendable (_ error: any Error, _ send: Send<Action>) async -> Void
    )? =
      nil,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Self {
    let dependencies = DependencyValues.current
    return Self(
      operation: .run(
        Run(priority: priority, dependencies: dependencies) { send in
          do {
            try await operation(send)
          } catch is CancellationError {
          } catch {
            if let handler {
              await handler(error, send)
            } else {
              reportIssue(
                "An effect started at \(fileID):\(line) threw an unhandled error: \(error). "
                  + "Handle it in the effect or pass a `catch:` handler to `.run`.")
            }
          }
        }))
  }

  /// An effect that runs all of `effects` at the same time.
  ///
  /// - Parameter effects: The effects to run.
  /// - Returns: One effect that ends when all of them have ended; `.none` if none does anything.
  public static func merge(_ effects: Self...) -> Self { merge(effects) }

  /// An effect that runs all of `effects` at the same time.
  ///
  /// - Parameter effects: The effects to run.
  /// - Returns: One effect that ends when all of them have ended; `.none` if none does anything.
  public static func merge(_ effects: [Self]) -> Self {
    let active = effects.filter { if case .none = $0.operation { false } else { true } }
    switch active.count {
    case 0: return .none
    case 1: return active[0]
    default: return Self(operation: .merge(active))
    }
  }

  /// An effect that runs `effects` one after the other, each starting when the previous ended.
  ///
  /// - Parameter effects: The effects to run, in order.
  /// - Returns: One effect that ends when the last of them has ended.
  public static func concatenate(_ effects: Self...) -> Self { concatenate(effects) }

  /// An effect that runs `effects` one after the other, each starting when the previous ended.
  ///
  /// - Parameter effects: The effects to run, in order.
  /// - Returns: One effect that ends when the last of them has ended.
  public static func concatenate(_ effects: [Self]) -> Self {
    let active = effects.filter { if case .none = $0.operation { false } else { true } }
    switch active.count {
    case 0: return .none
    case 1: return active[0]
    default: return Self(operation: .concatenate(active))
    }
  }

  /// This effect together with `other`, both running at once.
  ///
  /// - Parameter other: The effect to run beside this one.
  /// - Returns: One effect that ends when both have ended.
  public func merge(with other: Self) -> Self { .merge(self, other) }

  /// This effect followed by `other`.
  ///
  /// - Parameter other: The effect to run once this one has ended.
  /// - Returns: One effect that ends when `other` has ended.
  public func concatenate(with other: Self) -> Self { .concatenate(self, other) }

  /// Makes this effect cancellable with `.cancel(id:)`.
  ///
  /// With `cancelInFlight`, starting it first cancels any effect already running under the
  /// same identifier, which is how a debounce or a "latest request wins" search is written.
  ///
  /// - Parameters:
  ///   - id: The identifier that ``cancel(id:)`` names; any hashable value, a case of a
  ///     feature's own `CancelID` enum, say.
  ///   - cancelInFlight: Whether starting this effect first cancels those already running
  ///     under `id`.
  /// - Returns: The cancellable effect.
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Self {
    if case .none = operation { return self }
    return Self(
      operation: .cancellable(id: CancelID(id), cancelInFlight: cancelInFlight, self))
  }

  /// An effect that cancels every running effect made cancellable with `id`.
  ///
  /// Identifiers are scoped to the feature that uses them: a feature presented twice, or two
  /// elements of a collection, never cancel each other's effects.
  ///
  /// - Parameter id: The identifier given to ``cancellable(id:cancelInFlight:)``.
  /// - Returns: The effect that cancels them.
  public static func cancel(id: some Hashable & Sendable) -> Self {
    Self(operation: .cancel(id: CancelID(id)))
  }

  /// Transforms the actions this effect sends, to embed a child's effect into its parent.
  ///
  /// - Parameter transform: Turns each action the effect sends into the parent's action.
  /// - Returns: The effect, sending the parent's actions.
  // Inlinable because it pays (`map` and `merging` are on every scoped send): `benchmarks core`
  // NestedStore.RootSend (ten levels) 64 ns with both, 114 ns without `map`'s, 688 ns
  // without `merging`'s.
  @inlinable
  public func map<NewAction>(
    _ transform: @escaping @Sendable (Action) -> NewAction
  ) -> Effect<NewAction> {
    switch operation {
    case .none: return .none
    default: return mapSlowPath(transform)
    }
  }

  @usableFromInline
  func mapSlowPath<NewAction>(
    _ transform: @escaping @Sendable (Action) -> NewAction
  ) -> Effect<NewAction> {
    switch operation {
    case .none:
      return .none
    case .send(let action):
      return Effect<NewAction>(operation: .send(transform(action)))
    case .run(let run):
      let operation = run.operation
      return Effect<NewAction>(
        operation: .run(
          .init(priority: run.priority, dependencies: run.dependencies) { send in
            await operation(Send { send.deliver(transform($0)) })
          }))
    case .merge(let effects):
      return Effect<NewAction>(operation: .merge(effects.map { $0.map(transform) }))
    case .concatenate(let effects):
      return Effect<NewAction>(operation: .concatenate(effects.map { $0.map(transform) }))
    case .cancellable(let id, let cancelInFlight, let effect):
      return Effect<NewAction>(
        operation: .cancellable(id: id, cancelInFlight: cancelInFlight, effect.map(transform)))
    case .cancel(let id):
      return Effect<NewAction>(operation: .cancel(id: id))
    case .navigation(let id, let dismissAction, let effect):
      return Effect<NewAction>(
        operation: .navigation(
          id: id, dismissAction: dismissAction.map(transform), effect.map(transform)))
    }
  }

  /// Scopes this effect to a presented or collection child identified by `id`.
  ///
  /// Cancellation identifiers used inside are private to that child, `.cancel(navigation:)`
  /// on the parent stops everything inside, and the `dismiss` dependency called inside sends
  /// `dismissAction`.
  @usableFromInline
  func navigationScoped(
    id: @autoclosure () -> CancelID, dismissAction: @autoclosure () -> Action?
  ) -> Self {
    // Lazily: making the identifier boxes it in an `AnyHashable`, which allocates, and most
    // actions start no effect.
    if case .none = operation { return self }
    return Self(operation: .navigation(id: id(), dismissAction: dismissAction(), self))
  }

  /// An effect that cancels everything running inside the navigation scope `id`.
  @usableFromInline
  static func cancel(navigation id: CancelID) -> Self {
    Self(operation: .cancel(id: id))
  }

  /// This effect and `other` at once, without allocating when either does nothing.
  @inlinable
  func merging(_ other: Self) -> Self {
    if isNone { return other }
    if other.isNone { return self }
    return Self(operation: .merge([self, other]))
  }

  /// Whether this effect does nothing at all.
  public var isNone: Bool { if case .none = operation { true } else { false } }
}
