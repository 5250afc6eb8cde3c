import FrontEndKit
import TerminalUI

/// The spinner's ticker, started and stopped from the front end's callbacks. They run on the
/// host's main thread (the ABI's store thread), so the ticker's main actor is theirs.
final class SpinnerAnimation: @unchecked Sendable {
  private var ticker: Ticker?

  /// Starts ticking with `tick`, unless it ticks already.
  func start(_ tick: @escaping @MainActor () -> Void) {
    MainActor.assumeIsolated {
      if ticker == nil { ticker = Ticker(interval: Spinner.interval, action: tick) }
      ticker?.start()
    }
  }

  /// Stops ticking and lets the action (and what it holds) go; returns whether it ticked.
  /// Without a ticker (nearly every change) it returns at once.
  @discardableResult
  func stop() -> Bool {
    guard ticker != nil else { return false }
    return MainActor.assumeIsolated {
      let wasRunning = ticker?.isRunning == true
      ticker?.stop()
      ticker = nil
      return wasRunning
    }
  }
}

extension Screen {
  /// Whether a request is in flight with its activity indicator shown.
  var isActivityIndicatorVisible: Bool {
    switch self {
    case .login(let login): login.isActivityIndicatorVisible
    case .twoFactor(let twoFactor, _): twoFactor.isActivityIndicatorVisible
    case .newGame, .game: false
    }
  }
}
