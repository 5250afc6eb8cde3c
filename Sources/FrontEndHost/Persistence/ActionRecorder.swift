import HostIO
import Persistence
import TicTacToeAppCore
import UnidirectionalFlow

/// Writes the `--record` log: a header with the state the recording starts from, then a line
/// per processed action, as it is processed (see ``ActionLog``).
///
/// Lines are buffered in an ``OutputSink`` and written before any other output, and before the
/// session file is saved: a state a session restores is always one its log reaches.
@MainActor
final class ActionRecorder {
  let sink: OutputSink
  private let store: Store<TicTacToe.State, TicTacToe.Action>
  private let clock = ContinuousClock()
  private let start: ContinuousClock.Instant
  private var observation: StoreSubscription?

  init(sink: OutputSink, store: Store<TicTacToe.State, TicTacToe.Action>) {
    self.sink = sink
    self.store = store
    start = clock.now
    sink.write(bytes: ActionLog.header(start: store.state))
    observation = store.observeActions { [unowned self] action, origin in
      record(action, origin: origin)
    }
  }

  /// Stops recording; the sink is left to its owner to drain and close.
  func stop() {
    observation?.cancel()
    observation = nil
  }

  /// Records a rewind to the current state.
  func recordRewind() {
    record(nil, origin: .rewind)
  }

  private func record(_ action: TicTacToe.Action, origin: ActionOrigin) {
    record(action, origin: origin == .effect ? .effect : .frontend)
  }

  private func record(_ action: TicTacToe.Action?, origin: ActionLog.Record.Origin) {
    let elapsed = clock.now - start
    let record = ActionLog.Record(
      action: action, origin: origin,
      time: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
      state: store.state)
    sink.write(bytes: ActionLog.encode(record))
  }
}

extension OutputSink {
  /// Appends `bytes`; see ``write(_:)-(UnsafeRawBufferPointer)``.
  @discardableResult
  func write(bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { write($0) }
  }
}
