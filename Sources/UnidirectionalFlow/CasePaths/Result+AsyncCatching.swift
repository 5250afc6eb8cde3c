extension Result where Failure == any Error {
  /// Runs an asynchronous throwing operation and captures its value or error:
  /// `await send(.loginResponse(Result { try await client.login(request) }))`.
  ///
  /// It runs on the caller's actor, so the closure needs not be `Sendable` (an effect's, made
  /// on the main actor, is not).
  ///
  /// - Parameter body: The operation whose value is `success` and whose error is `failure`.
  public nonisolated(nonsending) init(catching body: () async throws -> Success) async {
    do {
      self = .success(try await body())
    } catch {
      self = .failure(error)
    }
  }
}
