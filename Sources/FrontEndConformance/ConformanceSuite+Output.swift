import FrontEndHost

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

// The checks of what the front end writes: standard output while it observes, its output
// file after detach.
extension ConformanceSuite {
  func checkStandardOutput(since sizeBefore: Int?) -> ConformanceOutcome {
    guard let standardOutput, let sizeBefore else {
      return .skip("standard output is not a file this check can watch")
    }
    let written = fileSize(standardOutput) - sizeBefore
    guard written == 0 else {
      return .fail(
        "it wrote \(written) bytes to standard output while attached as an observer, which "
          + "owns no terminal; write through open_output, to the file the host gives it (declare "
          + "TTT_FRONTEND_WRITES_TERMINAL so that an observer is always given one)")
    }
    return .ok
  }

  func checkQuietAfterDetach(
    _ host: FrontEndHost, _ session: AttachedFrontEnd, output: String?
  ) async -> ConformanceOutcome {
    let callbacks = session.deliveredCallbacks
    let size = output.map(fileSize)
    let start = ContinuousClock.now
    for step in ConformanceScenario.steps {
      report(.step("after detach, \(step.name)"))
      for action in step.actions { host.store.send(action) }
      await settle(host)
    }
    report(.step("after detach, while waiting for more output"))
    var grown = output.map(fileSize) != size
    while !grown, ContinuousClock.now - start < quietPeriod {
      try? await Task.sleep(for: .milliseconds(5))
      grown = output.map(fileSize) != size
    }
    if session.deliveredCallbacks != callbacks {
      return .fail(
        "the host called it \(session.deliveredCallbacks - callbacks) times after detach "
          + "returned")
    }
    if grown, let output, let size {
      return .fail(
        "its output file grew by \(fileSize(output) - size) bytes after detach returned; stop "
          + "writing in detach (join its threads, close its files)")
    }
    return .ok
  }
}

/// The size of a file in bytes; 0 if it does not exist.
func fileSize(_ path: String) -> Int {
  var status = stat()
  return stat(path, &status) == 0 ? Int(status.st_size) : 0
}
