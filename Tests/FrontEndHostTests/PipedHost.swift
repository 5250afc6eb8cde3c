import Foundation
import TestSupport
import Testing

/// Runs `tictactoe` with its input written and its outputs read on threads of their own, so
/// that no pipe fills up while the test waits on another.
enum PipedHost {
  /// Runs `tictactoe` with `environment` added to this process's, through
  /// ``Fixtures/runReturningData``: no thread of the cooperative pool is held meanwhile.
  static func run(
    arguments: [String], input: [UInt8], environment: [String: String]
  ) async throws -> (status: Int32, standardOutput: [UInt8], standardError: [UInt8]) {
    try #require(
      FileManager.default.isExecutableFile(atPath: Fixtures.hostExecutable),
      "\(Fixtures.hostExecutable) is missing; build it first (swift build)")
    var fullEnvironment = ProcessInfo.processInfo.environment
    fullEnvironment.merge(environment) { $1 }
    let result = try await Fixtures.runReturningData(
      Fixtures.hostExecutable, arguments, input: Data(input), environment: fullEnvironment)
    return (result.status, Array(result.standardOutput), Array(result.standardError))
  }
}
