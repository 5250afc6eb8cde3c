import CSignalPipe
import FrontEndHost
import HostIO

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The signals a terminal program must handle, caught by the event loop and acted on on the
/// store thread, whatever the host is waiting for:
///
/// - SIGINT, SIGTERM, SIGHUP, SIGQUIT: detach every front end (each restores the terminal),
///   write out what they wrote (25 ms at most) and exit with 128 + the signal number. SIGQUIT
///   (Ctrl-\ when a front end leaves the terminal in cooked mode) quits like the others rather
///   than dumping core: the Swift runtime's crash handler would catch it, print a backtrace and
///   leave the process running.
/// - SIGTSTP: let the terminal owner restore the terminal, then stop; SIGCONT: let it take the
///   terminal back and redraw.
/// - SIGWINCH: tell the terminal owner the new size.
/// - SIGPIPE is ignored from the first line of `main.swift` on: a failed write is handled where
///   it happens (see the README's "When output fails").
@MainActor
enum SignalHandling {
  static func install(host: FrontEndHost) {
    let loop = host.loop
    for signalNumber in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] {
      loop.catchSignal(signalNumber) { number in host.quit(.signal(number)) }
    }
    loop.catchSignal(SIGTSTP) { _ in
      host.suspend(resumed: false)
      // Stops here; goes on after SIGCONT.
      signal_pipe_raise_default(SIGTSTP)
    }
    loop.catchSignal(SIGCONT) { _ in host.suspend(resumed: true) }
    loop.catchSignal(SIGWINCH) { _ in reportSize(to: host) }
    reportSize(to: host)
  }

  private static func reportSize(to host: FrontEndHost) {
    var size = winsize()
    guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return }
    host.resize(columns: Int(size.ws_col), rows: Int(size.ws_row))
  }
}
