import Foundation
import HostIO
import Synchronization
import TicTacToeAppCore
import TicTacToeAuthenticationClient
import TicTacToeFrontEndABI
import UnidirectionalFlow

@testable import FrontEndHost

/// A real host around a real app store, with one front-end session attached in-process (no
/// library is loaded: the harness is the front end), for fuzzing what front ends send.
///
/// Calls go through the very routine table (`ttt_host_api`) a loaded front end gets, so every
/// check between a front end and the store runs: handle lookup, `struct_size`, `ActionImport`,
/// the catalog, and whether the feature is on screen.
///
/// The authentication server never answers (its requests wait until cancelled), so the state
/// changes only when the harness sends something: a refusal can be checked against the state
/// just before it. ``reset(to:)`` cancels what is in flight and puts a start state back.
@MainActor
public final class FuzzHost {
  /// The host.
  public let host: FrontEndHost
  private let session: AttachedFrontEnd
  private var observation: StoreSubscription?
  /// How many actions the store has processed since the last reset.
  public private(set) var processedActions = 0
  /// Issues the app reported (an action for a screen that is not shown, say) since the last
  /// reset; the host's checks should make that impossible.
  private nonisolated static let issues = Mutex<[String]>([])

  /// A host in the first start state, with a session attached.
  public init() {
    IssueReporters.current.withLock { reporter in
      reporter = { issue in FuzzHost.issues.withLock { $0.append(issue.message) } }
    }
    let store = Store(initialState: TicTacToe.State()) {
      ResettableApp()
    } withDependencies: {
      $0.authenticationClient = AuthenticationClient(
        login: { _, _ in try await Self.neverAnswer() },
        twoFactor: { _, _ in try await Self.neverAnswer() })
    }
    host = FrontEndHost(
      store: store,
      searchPath: FrontEndSearchPath(executablePath: CommandLine.arguments[0], environment: [:]),
      loop: PollingEventLoop.shared)
    host.diagnostics = { _ in }
    host.onExit = { _ in }
    let descriptor = UnsafeMutablePointer<ttt_frontend_descriptor>.allocate(capacity: 1)
    descriptor.initialize(to: ttt_frontend_descriptor())
    descriptor.pointee.abi_major = UInt32(TTT_ABI_VERSION_MAJOR)
    descriptor.pointee.abi_minor = Self.abiMinor
    session = AttachedFrontEnd(
      frontEnd: LoadedFrontEnd(
        path: "/fuzz", descriptor: descriptor, name: "fuzz", summary: "the fuzz harness",
        version: "1.0.0", abiVersion: "1.\(Self.abiMinor)", flags: 0),
      spec: FrontEndSpec("fuzz"), ownsTerminal: true)
    session.host = host
    session.isAttached = true
    observation = store.observeActions { [unowned self] _, _ in self.processedActions += 1 }
  }

  /// The routine table front ends get.
  public var api: UnsafePointer<ttt_host_api> { HostAPI.table }

  /// The session's `ttt_host *`.
  public var hostPointer: OpaquePointer { session.pointer }

  /// The session's store handle scoped to `feature`.
  public func handle(_ feature: HostFeature) -> OpaquePointer {
    session.handle(feature).pointer
  }

  /// The store's state.
  public var state: TicTacToe.State { host.store.state }

  /// What `last_error` says now.
  public var lastError: String { String(cString: session.lastErrorPointer()) }

  /// The issues reported since the last reset.
  public var reportedIssues: [String] { Self.issues.withLock { $0 } }

  /// Cancels every effect, runs what the main queue holds (the cancelled tasks finishing), and
  /// puts `state` in the store.
  public func reset(to state: TicTacToe.State) {
    host.store.cancelEffects()
    _ = RunLoop.main.run(mode: .default, before: Date())
    ResettableApp.pending.withLock { $0 = state }
    host.store.send(.login(.view(.loginButtonTapped)))
    processedActions = 0
    Self.issues.withLock { $0.removeAll() }
  }

  /// Runs `call` (a host routine) and checks what every call must guarantee: a known status;
  /// on a refusal, a message and an untouched state with no action processed; on success, the
  /// action processed. Returns the status.
  @discardableResult
  public func check(
    _ what: @autoclosure () -> String, _ call: () -> ttt_status
  ) -> ttt_status {
    let before = state
    let processedBefore = processedActions
    let status = call()
    guard Self.statuses(forMinor: Self.abiMinor).contains(status) else {
      fuzzFailure("\(what()): status \(status), which no 1.\(Self.abiMinor) front end gets")
    }
    if status == TTT_OK {
      if processedActions == processedBefore {
        fuzzFailure("\(what()): accepted but no action was processed")
      }
    } else {
      if state != before { fuzzFailure("\(what()): refused (\(lastError)) but changed the state") }
      if processedActions != processedBefore {
        fuzzFailure("\(what()): refused (\(lastError)) but an action was processed")
      }
      if lastError.isEmpty { fuzzFailure("\(what()): refused with an empty last_error") }
    }
    if let issue = reportedIssues.first {
      fuzzFailure("\(what()): the app reported an issue: \(issue)")
    }
    return status
  }

  /// The ABI minor version the harness's front end is built for: 1.0, the oldest, which the
  /// host answers as it did before the statuses later versions added.
  static let abiMinor: UInt32 = 0

  /// The statuses a send, a `send_path` or an edit may answer a front end built for ABI
  /// 1.`minor`: up to `TTT_ERR_DETACHED`, `TTT_ERR_DISABLED` from 1.2 on (an older front end
  /// gets `TTT_OK`, and the screen ignores the intent) and `TTT_ERR_EFFECT_ONLY` from 1.5 on (an
  /// older one gets `TTT_ERR_UNKNOWN`). `TTT_ERR_OUTPUT_FAILED` answers writes only.
  static func statuses(forMinor minor: UInt32) -> Set<ttt_status> {
    var statuses = Set(TTT_OK...TTT_ERR_DETACHED)
    if minor >= 2 { statuses.insert(TTT_ERR_DISABLED) }
    if minor >= 5 { statuses.insert(TTT_ERR_EFFECT_ONLY) }
    return statuses
  }

  /// A server that never answers, so that a request stays in flight: it suspends on a stream
  /// nothing ever yields to, until its effect is cancelled (which ends the iteration).
  private nonisolated static func neverAnswer() async throws -> AuthenticationResponse {
    let (answers, server) = AsyncStream<AuthenticationResponse>.makeStream()
    for await answer in answers { return answer }
    withExtendedLifetime(server) {}
    throw CancellationError()
  }
}

/// The app's reducer (its body, built once), with a way back to a start state: while
/// ``pending`` holds a state, the next action is swallowed and the state replaced.
struct ResettableApp: Reducer {
  static let pending = Mutex<TicTacToe.State?>(nil)
  let app: TicTacToe.Body = TicTacToe().body

  func reduce(into state: inout TicTacToe.State, action: TicTacToe.Action) -> Effect<
    TicTacToe.Action
  > {
    let reset = Self.pending.withLock { pending in
      defer { pending = nil }
      return pending
    }
    if let reset {
      state = reset
      return .none
    }
    return app.reduce(into: &state, action: action)
  }
}
