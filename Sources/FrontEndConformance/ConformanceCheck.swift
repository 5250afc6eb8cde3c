/// The checks of `tictactoe check-frontend`, in the order they run and are printed.
public enum ConformanceCheck: String, CaseIterable, Sendable {
  /// The descriptor's fields are present and sane (the loader's validation).
  case descriptor
  /// The front end was built for an ABI version this host implements.
  case abiVersion
  /// The library exports `tictactoe_frontend_entry` and nothing else.
  case exports
  /// Attaching as an observer returns `TTT_OK` and logs no error.
  case attach
  /// Driving the app through every feature neither crashes it nor makes it log an error.
  case stateChanges
  /// While attached as an observer, it wrote nothing to standard output (which an observer
  /// does not own).
  case standardOutputUntouched
  /// After detach, the terminal's modes are what they were before attach.
  case terminalRestored
  /// Detach ends every subscription the front end made.
  case subscriptionsEnded
  /// After detach, no thread it started while attaching (and named) is left running.
  case threadsStopped
  /// After detach, nothing reaches the front end and it writes nothing more.
  case quietAfterDetach

  /// The name printed in its result line.
  public var title: String {
    switch self {
    case .descriptor: "descriptor"
    case .abiVersion: "abi version"
    case .exports: "exports only the entry symbol"
    case .attach: "attach renders"
    case .stateChanges: "survives state changes"
    case .standardOutputUntouched: "leaves standard output alone"
    case .terminalRestored: "detach restores the terminal"
    case .subscriptionsEnded: "detach ends its subscriptions"
    case .threadsStopped: "detach stops its threads"
    case .quietAfterDetach: "no callback after detach"
    }
  }
}
