import FrontEndHost

/// The command line of `tictactoe`.
struct Options {
  var frontEnds: [FrontEndSpec] = []
  var frontEndDirectories: [String] = []
  var authDelay: Duration = .seconds(1)
  var settleTimeout: Duration = .seconds(10)
  /// `--session FILE`: where the game is restored from and kept.
  var session: String?
  /// `--record LOG`: where every processed action is logged.
  var record: String?
  /// `replay LOG`: the log to replay, and `--speed N`, its pace.
  var replay: String?
  var replaySpeed: Double?
  /// `--step`: replay one line of the log per line of standard input.
  var replayStep = false
  var listFrontEnds = false
  /// `--allow-unsafe-frontends`: load libraries that other users could have written.
  var allowUnsafeFrontEnds = false
  /// `check-frontend PATH`: the library to check.
  var checkFrontEnd: String?
  /// The hidden `--check-child PATH` and `--check-scratch DIR` of the process that runs the
  /// checks for `check-frontend`.
  var checkChild: String?
  var checkScratch: String?
  var showHelp = false
  var showVersion = false
  /// `--listen [PATH]`: accept clients on a Unix socket; `.some(nil)` for the default path.
  var listen: String??
  /// `attach [PATH]`: the socket of the `--listen` host whose game to show; `.some(nil)` for
  /// the newest of this user's sockets at the default place.
  var attach: String??

  /// A usage error: the message, printed with a hint to `--help`; the process exits with 2.
  struct UsageError: Error {
    let message: String
  }

  static let usage = """
    USAGE: tictactoe [--frontend SPEC]... [options]
           tictactoe replay LOG [--speed N | --step] [--frontend SPEC]... [options]
           tictactoe attach [PATH] [--frontend SPEC]... [options]
           tictactoe check-frontend PATH

    Plays TicTacToe (log in, optionally with a second factor, name the players, play) with
    front ends loaded as shared libraries. Several front ends can watch one game; one of them
    owns the terminal.

    COMMANDS:
      attach [PATH]           Show and drive the game of the 'tictactoe --listen' host whose
                              socket is PATH, with this process's front ends (the same
                              libraries, --frontend as above). Without PATH, the newest
                              socket of yours where --listen puts them. Moves made here or
                              there show in both; :quit leaves the host running. When the
                              host goes away, the front ends are detached and the status
                              is 10.

      check-frontend PATH     Check that the front end at PATH (or a stock NAME) conforms to
                              the ABI: a sane descriptor, a compatible ABI version, only the
                              entry symbol exported, attach, every screen, nothing written
                              to standard output by an observer, detach restoring the
                              terminal and ending its subscriptions, and nothing after
                              detach. Prints ok, FAIL or skip per check.

      replay LOG              Replay a --record log through the same reducers, with no server
                              (its answers are in the log), while front ends watch; their
                              intents are refused. Each action must lead to the state the log
                              recorded: the first that does not stops the replay (status 8,
                              naming the line). --speed N keeps the recording's pace times N;
                              --step replays one action per Enter (a line of standard input;
                              at its end, the rest at once); without either, the log is
                              replayed at once. Standard input reaches the front ends after.

    OPTIONS:
      --frontend SPEC         A front end to attach; repeatable. SPEC is a stock name (text,
                              ansi, jsonl) or a path to a .so, optionally followed by :ARG for
                              the front end (jsonl:FILE writes events to FILE, truncated;
                              jsonl:+FILE appends). A path with ':' in it: give the existing
                              file alone, or end it at '.so' before ':ARG'. The first one
                              owns the terminal; the others observe. Default: ansi when stdin
                              and stdout are terminals and TERM is not dumb, else text.
      --frontend-dir DIR      Also look for front ends in DIR; repeatable.
      --allow-unsafe-frontends
                              Load a front-end library even if it, or its directory, is
                              group- or world-writable or owned by another user than you or
                              root. Without it such a library is refused, with the reason.
      --list-frontends        List the front ends found, with versions, and exit.
      --auth-delay SECONDS    Latency of the authentication server (default 1, 0 allowed).
      --settle-timeout SECONDS
                              How long to wait for effects on settle and before quitting
                              (default 10).
      --listen [PATH]         Also accept clients on a Unix socket at PATH (default:
                              $XDG_RUNTIME_DIR/tictactoe/PID.sock, or a private directory
                              in $TMPDIR); the path is printed on standard error. Each
                              client speaks the JSON-lines protocol; quitting one closes
                              that connection only. See the README.
      --session FILE          Restore the game from FILE if it exists, and keep FILE current:
                              each change is on disk (fsync) before any front end shows it.
                              No password or token is saved, and requests in flight are not
                              resumed. A file that is not a session is kept as FILE.bad-N and
                              the game starts fresh. One tictactoe per FILE (FILE.lock).
      --record LOG            Write every processed action to LOG (JSON-lines, created 0600 or
                              truncated): its case path, payload (secrets redacted), origin
                              and time, and the state it led to. Replay it with 'replay LOG'.
      --help                  Show this help and exit.
      --version               Show the version and exit.

    SEARCH PATH:
      A stock NAME is the file libtictactoe-NAME.so, looked for in: the directory of this
      executable, then $TICTACTOE_FRONTEND_PATH (colon-separated), then --frontend-dir, then
      PREFIX/lib/tictactoe/frontends for an installed PREFIX/bin/tictactoe.

    EXIT STATUS:
      0      normal exit (:quit, or end of input with no effect left running)
      1      check-frontend: a check failed
      2      usage error
      3      no front end could be loaded
      4      standard output failed (broken pipe, full disk, closed)
      5      reading standard input failed (I/O error, a directory, closed)
      6      effects still running at the settle timeout when quitting; abandoned
      7      the --session file cannot be used (in use by another tictactoe, a link,
             not a regular file, another user's)
      8      replay: the log cannot be read, or the replay stopped where it diverged
      9      --listen: the socket could not be made (a host already listens there, a file
             that is not a socket is in the way, or a directory is not private)
      10     attach: the host could not be reached, or went away
      128+N  signal N: SIGINT, SIGTERM, SIGHUP and SIGQUIT quit cleanly
      If a front end crashes the host, or SIGSEGV, SIGABRT, SIGBUS, SIGILL, SIGFPE, SIGTRAP or
      SIGSYS is sent to it, the terminal is restored before the process dies of that signal.
      A failed observer output detaches that observer; the game goes on.

    Try: blob@pointfree.co / password (add "2fa" to the email for a second factor: 1234).
    """

  /// Parses `arguments` (without the program name).
  static func parse(_ arguments: [String]) throws(UsageError) -> Options {
    var options = Options()
    var remaining = arguments[...]
    func value(for flag: String) throws(UsageError) -> String {
      guard let value = remaining.popFirst() else {
        throw UsageError(message: "\(flag) needs a value")
      }
      return value
    }
    func seconds(for flag: String) throws(UsageError) -> Duration {
      let text = try value(for: flag)
      guard let seconds = Double(text), seconds.isFinite, seconds >= 0, seconds <= 86_400 else {
        throw UsageError(
          message: "\(flag) takes a number of seconds from 0 to 86400, not '\(text)'")
      }
      return .milliseconds(Int64((seconds * 1000).rounded()))
    }
    while let argument = remaining.popFirst() {
      var flag = argument
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        flag = String(argument[..<equals])
        remaining.insert(
          String(argument[argument.index(after: equals)...]), at: remaining.startIndex)
      }
      switch flag {
      case "--frontend":
        let spec = try value(for: flag)
        guard !spec.isEmpty else { throw UsageError(message: "--frontend needs a SPEC") }
        options.frontEnds.append(FrontEndSpec(spec))
      case "--frontend-dir": options.frontEndDirectories.append(try value(for: flag))
      case "--list-frontends": options.listFrontEnds = true
      case "--allow-unsafe-frontends": options.allowUnsafeFrontEnds = true
      case "check-frontend":
        guard options.checkFrontEnd == nil else {
          throw UsageError(message: "check-frontend takes one PATH")
        }
        let path = try value(for: flag)
        guard !path.isEmpty, !path.hasPrefix("-") else {
          throw UsageError(
            message: "check-frontend needs a PATH first, not '\(path)' (options go after it)")
        }
        options.checkFrontEnd = path
      case "--check-child": options.checkChild = try value(for: flag)
      case "--check-scratch": options.checkScratch = try value(for: flag)
      case "--auth-delay": options.authDelay = try seconds(for: flag)
      case "--settle-timeout": options.settleTimeout = try seconds(for: flag)
      case "--session":
        let path = try value(for: flag)
        guard !path.isEmpty else { throw UsageError(message: "--session needs a FILE") }
        options.session = path
      case "--record":
        let path = try value(for: flag)
        guard !path.isEmpty else { throw UsageError(message: "--record needs a LOG") }
        options.record = path
      case "replay":
        guard options.replay == nil else { throw UsageError(message: "replay takes one LOG") }
        let path = try value(for: flag)
        guard !path.isEmpty, !path.hasPrefix("-") else {
          throw UsageError(message: "replay needs a LOG first, not '\(path)' (options go after it)")
        }
        options.replay = path
      case "--speed":
        let text = try value(for: flag)
        guard let speed = Double(text), speed.isFinite, speed > 0 else {
          throw UsageError(message: "--speed takes a number above 0, not '\(text)'")
        }
        options.replaySpeed = speed
      case "--step": options.replayStep = true
      case "attach":
        guard options.attach == nil else { throw UsageError(message: "attach takes one PATH") }
        if let next = remaining.first, !next.hasPrefix("-") {
          remaining.removeFirst()
          guard !next.isEmpty else { throw UsageError(message: "attach needs a PATH") }
          options.attach = .some(next)
        } else {
          options.attach = .some(nil)
        }
      case "--listen":
        if let next = remaining.first, !next.hasPrefix("-") {
          remaining.removeFirst()
          guard !next.isEmpty else { throw UsageError(message: "--listen needs a PATH") }
          options.listen = .some(next)
        } else {
          options.listen = .some(nil)
        }
      case "--help", "-h": options.showHelp = true
      case "--version": options.showVersion = true
      default: throw UsageError(message: "unknown argument '\(argument)'")
      }
    }
    if options.replaySpeed != nil || options.replayStep, options.replay == nil {
      throw UsageError(message: "--speed and --step are for 'replay LOG'")
    }
    if options.attach != nil,
      options.replay != nil || options.listen != nil || options.session != nil
        || options.record != nil
    {
      throw UsageError(
        message: "attach shows another host's game: no replay, --listen, --session or --record")
    }
    if options.replaySpeed != nil, options.replayStep {
      throw UsageError(message: "--speed and --step cannot go together")
    }
    return options
  }
}
