/// The warning a terminal front end gives before it hands a person's terminal to a front end
/// that reads no commands a person types, such as `jsonl`: the way back is a JSON object.
///
/// ```swift
/// if isAtTerminal, !forced, let warning = SwitchWarning.before(switchingTo: "jsonl") {
///   say(warning)  // and do not switch: ":frontend! jsonl" does
/// }
/// ```
public enum SwitchWarning {
  /// The warning for `spec`, or `nil` when a person can type to it as usual. The warning
  /// quotes `spec` through `quote` (pass ``HostConnection/redact(_:)``: the user may have
  /// typed the password there).
  public static func before(
    switchingTo spec: String, quoting quote: (String) -> String = { $0 }
  ) -> String? {
    let name = spec.split(separator: ":", maxSplits: 1).first.map(String.init) ?? spec
    guard name == "jsonl" || name.hasSuffix("/libtictactoe-jsonl.so") else { return nil }
    return #"jsonl takes JSON, not commands (back: {"command":"frontend","name":"text"}); "#
      + ":frontend! \(quote(spec)) switches"
  }
}
