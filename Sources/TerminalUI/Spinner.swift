/// The frames of an activity indicator, shown in turn while something is in progress.
///
/// ```swift
/// var spinner = Spinner()
/// spinner.advance()
/// label = "\(spinner.frame) Logging in…"
/// ```
public struct Spinner: Equatable, Sendable {
  /// The frames, in order: a dot going round.
  public static let frames: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
  /// How long each frame shows.
  public static let interval = Duration.milliseconds(100)

  /// How many frames were shown before this one.
  public private(set) var tick = 0

  /// A spinner at its first frame.
  public init() {}

  /// The frame to show now.
  public var frame: Character { Self.frames[tick % Self.frames.count] }

  /// Moves on to the next frame.
  public mutating func advance() {
    tick &+= 1
  }
}

/// Calls an action at a fixed interval on the main actor, timed by a clock, between
/// ``start()`` and ``stop()``: what animates a ``Spinner``. The clock is a dependency, so a
/// test drives the ticks with a test clock instead of waiting.
@MainActor
public final class Ticker {
  private let clock: any Clock<Duration>
  private let interval: Duration
  private let action: @MainActor () -> Void
  private var task: Task<Void, Never>?

  /// A ticker that calls `action` every `interval` of `clock` once started.
  public init(
    clock: any Clock<Duration> = ContinuousClock(), interval: Duration,
    action: @escaping @MainActor () -> Void
  ) {
    self.clock = clock
    self.interval = interval
    self.action = action
  }

  /// Whether it is ticking.
  public var isRunning: Bool { task != nil }

  /// Starts ticking; the first call to the action is one interval from now. Does nothing if
  /// it already ticks.
  public func start() {
    guard task == nil else { return }
    task = Task { [clock, interval, weak self] in
      while true {
        do {
          try await clock.sleep(for: interval)
        } catch {
          return
        }
        guard let self, !Task.isCancelled else { return }
        self.action()
      }
    }
  }

  /// Stops ticking; the action is not called again until the next ``start()``.
  public func stop() {
    task?.cancel()
    task = nil
  }

  isolated deinit {
    task?.cancel()
  }
}
