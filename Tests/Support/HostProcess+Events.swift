import JSONLines
import Testing

/// The protocol's side of a ``HostProcess``: its output read as events, and whole runs checked
/// as transcripts.
extension HostProcess {
  /// Reads the next line and parses it as an event.
  public func readEvent(sourceLocation: SourceLocation = #_sourceLocation) throws -> Event {
    let line = try #require(readLine(), "the output ended early", sourceLocation: sourceLocation)
    return try Event(line: line, sourceLocation: sourceLocation)
  }

  /// Reads events until one satisfies `predicate`, and returns it.
  @discardableResult
  public func readEvent(
    where predicate: (Event) -> Bool, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> Event {
    while true {
      let event = try readEvent(sourceLocation: sourceLocation)
      if predicate(event) { return event }
    }
  }

  /// Closes the input, reads the output to its end, waits for the exit, and checks the protocol
  /// invariants of the whole output.
  public func finish(sourceLocation: SourceLocation = #_sourceLocation) throws -> Transcript {
    let (status, standardError) = finishWithoutChecks(sourceLocation: sourceLocation)
    return try Transcript(
      status: status, output: output, standardError: standardError,
      sourceLocation: sourceLocation)
  }

  /// Runs `tictactoe` with `arguments`, feeds it `input` and the end of input, and returns
  /// what it wrote.
  public static func run(
    _ input: [UInt8], arguments: [String] = defaultArguments,
    environment: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> Transcript {
    let host = try HostProcess(arguments, environment: environment, sourceLocation: sourceLocation)
    host.writeInBackgroundAndClose(input)
    return try host.finish(sourceLocation: sourceLocation)
  }

  /// Runs `tictactoe` on `lines`, each followed by `\n`.
  public static func run(
    lines: [String], arguments: [String] = defaultArguments,
    environment: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> Transcript {
    let input = Array(lines.map { $0 + "\n" }.joined().utf8)
    return try run(
      input, arguments: arguments, environment: environment, sourceLocation: sourceLocation)
  }
}
