import TicTacToeAppCore

extension AppSchema {
  /// The server requests in flight in `state`, in words (`the login request`), screen by
  /// screen: the flags of the shown screens that name a request.
  public static func requestsInFlight(in state: TicTacToe.State) -> [String] {
    var requests: [String] = []
    func collect(_ screen: ScreenValues) {
      for field in fields(of: screen.feature) {
        if let request = field.request, screen.values[field.name] == .bool(true) {
          requests.append(request)
        }
        if let shown = screen.presented[field.name] { collect(shown) }
      }
    }
    collect(values(of: state))
    return requests
  }
}
