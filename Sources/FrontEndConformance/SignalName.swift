#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// How a signal is named in reports: `11 (SIGSEGV)`.
enum SignalName {
  /// `"11 (SIGSEGV)"`, or just the number for a signal without a well-known name.
  static func describe(_ signal: Int32) -> String {
    guard let name = names[signal] else { return "\(signal)" }
    return "\(signal) (\(name))"
  }

  private static let names: [Int32: String] = [
    SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGILL: "SIGILL",
    SIGTRAP: "SIGTRAP", SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE",
    SIGKILL: "SIGKILL", SIGUSR1: "SIGUSR1", SIGSEGV: "SIGSEGV", SIGUSR2: "SIGUSR2",
    SIGPIPE: "SIGPIPE", SIGALRM: "SIGALRM", SIGTERM: "SIGTERM", SIGSYS: "SIGSYS",
    SIGXCPU: "SIGXCPU", SIGXFSZ: "SIGXFSZ",
  ]
}
