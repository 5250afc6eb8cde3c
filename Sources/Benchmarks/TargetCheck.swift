/// A goal a benchmark group sets, and whether a run met it.
struct TargetCheck {
  /// What the goal is, in a sentence.
  let goal: String
  /// Whether the run met it.
  let isMet: Bool
  /// The numbers the verdict rests on.
  let evidence: String
}
