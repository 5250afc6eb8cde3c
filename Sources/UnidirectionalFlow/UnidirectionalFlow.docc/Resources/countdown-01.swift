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
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .startButtonTapped:
        return .none

      case .stopButtonTapped:
        return .none
      }
    }
  }
}
