import UnidirectionalFlow
import UnidirectionalFlowMacros

@Reducer
struct Countdown {
  struct State: Equatable {
    var secondsLeft = 3
    var isRunning = false
  }

  enum Action: Equatable {
    case startButtonTapped
    case stopButtonTapped
    case tick
  }

  enum CancelID { case timer }

  @Dependency(\.continuousClock) var clock

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .startButtonTapped:
        guard state.secondsLeft > 0 else { return .none }
        state.isRunning = true
        return .run { [clock] send in
          while true {
            try await clock.sleep(for: .seconds(1))
            await send(.tick)
          }
        }
        .cancellable(id: CancelID.timer, cancelInFlight: true)

      case .stopButtonTapped:
        state.isRunning = false
        return .cancel(id: CancelID.timer)

      case .tick:
        state.secondsLeft -= 1
        guard state.secondsLeft == 0 else { return .none }
        state.isRunning = false
        return .cancel(id: CancelID.timer)
      }
    }
  }
}
