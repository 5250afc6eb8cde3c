import Dispatch
import FrontendHost
import Glibc

/// Turns the signals a terminal program must handle into host calls on the main queue.
///
/// - SIGINT, SIGTERM, SIGHUP, SIGQUIT: detach every front end (each restores the terminal)
///   and exit with 128 + the signal number. SIGQUIT (Ctrl-\ when a front end leaves the
///   terminal in cooked mode) quits like the others rather than dumping core: the Swift
///   runtime's crash handler would catch it, print a backtrace and leave the process running.
/// - SIGTSTP: let the terminal owner restore the terminal, then stop; SIGCONT: let it take the
///   terminal back and redraw.
/// - SIGWINCH: tell the terminal owner the new size.
@MainActor
enum SignalHandling {
  private static var sources: [DispatchSourceSignal] = []

  static func install(host: FrontEndHost) {
    for signalNumber in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] {
      observe(signalNumber) {
        host.detachAll()
        exit(128 + signalNumber)
      }
    }
    observe(SIGTSTP) {
      host.suspend(resumed: false)
      signal(SIGTSTP, SIG_DFL)
      raise(SIGTSTP)
      // Execution continues here after SIGCONT.
      signal(SIGTSTP, SIG_IGN)
    }
    observe(SIGCONT) { host.suspend(resumed: true) }
    observe(SIGWINCH) { reportSize(to: host) }
    reportSize(to: host)
  }

  private static func observe(_ signalNumber: Int32, _ handler: @escaping @MainActor () -> Void) {
    signal(signalNumber, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .main)
    source.setEventHandler { MainActor.assumeIsolated { handler() } }
    source.resume()
    sources.append(source)
  }

  private static func reportSize(to host: FrontEndHost) {
    var size = winsize()
    guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return }
    host.resize(columns: Int(size.ws_col), rows: Int(size.ws_row))
  }
}
