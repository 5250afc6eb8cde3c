extension Result: CasePathable {
  /// The case paths of `Result`, so that a path can go through an effect's result:
  /// `store.receive(\.loginResponse.success)`.
  public struct AllCasePaths: Sendable {
    /// The path to a successful value.
    public var success: AnyCasePath<Result, Success> {
      AnyCasePath(
        embed: { .success($0) },
        extract: {
          guard case .success(let value) = $0 else { return nil }
          return value
        })
    }

    /// The path to an error.
    public var failure: AnyCasePath<Result, Failure> {
      AnyCasePath(
        embed: { .failure($0) },
        extract: {
          guard case .failure(let error) = $0 else { return nil }
          return error
        })
    }
  }

  /// The case paths of `Result`.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}
