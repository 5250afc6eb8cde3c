/// A measurement of a group that is not a per-operation CPU time (a whole process timed by the
/// wall clock, bytes written, allocations counted), run after the group's benchmarks. It has a
/// name like a benchmark's, so that `--filter` selects it too.
struct GroupMeasurement {
  /// The name `--filter` matches from its start, such as `Host.JSONLines`.
  let name: String
  /// Measures, prints the figures, and returns the verdicts of the measurement's targets.
  let run: @MainActor () -> [TargetCheck]

  /// A measurement with one target, whose error, if it throws one, is reported as a missed
  /// target instead of ending the run.
  /// - Parameters:
  ///   - name: The name `--filter` matches.
  ///   - body: Measures, prints the figures, and returns the target's verdict.
  /// - Returns: The measurement.
  static func checking(
    _ name: String, _ body: @escaping @MainActor () throws -> TargetCheck
  ) -> GroupMeasurement {
    GroupMeasurement(name: name) {
      do {
        return [try body()]
      } catch {
        return [TargetCheck(goal: "measure \(name)", isMet: false, evidence: "\(error)")]
      }
    }
  }
}
