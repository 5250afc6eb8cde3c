import Foundation

/// The Swift runtime's crash report, which the host prints when it dies of a fatal signal.
enum CrashReport {
  /// Whether the runtime prints one: not where `SWIFT_BACKTRACE` turns it off
  /// (`Scripts/sanitize.sh` does: the runtime's crash handler trips the sanitizers).
  static var isEnabled: Bool {
    !(ProcessInfo.processInfo.environment["SWIFT_BACKTRACE"] ?? "").contains("enable=no")
  }
}
