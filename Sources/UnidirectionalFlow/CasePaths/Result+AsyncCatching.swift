extension Result where Failure == any Error {
  /// Runs an asynchronous throwing operation and captures its value or error:
  /// `await send(.loginResponse(Result { try await client.login(request) }))`.
  public init(catching body: () async throws -> Success) async {
    do {
      self = .success(try await body())
    } catch {
      self = .failure(error)
    }
  }
}
