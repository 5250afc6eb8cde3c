import FrontEndHost

/// The one description of `tictactoe`'s command line: its commands, their operands, their
/// options and the exit statuses. The parser (``Options``), `--help` and `help COMMAND`
/// (``HelpText``), the man page (``ManPage``) and the shell completions (``Completions``) all
/// read it, so none of them can drift from the others.
enum CommandLineSpec {
  /// What an operand or an option's value is, so that completions can offer the right words.
  enum ValueKind: Sendable {
    /// Any file.
    case file
    /// A directory.
    case directory
    /// A front end: a stock name or a library path, optionally with `:ARG`.
    case frontEnd
    /// A number.
    case number
    /// A command's name (for `help`).
    case command
    /// A shell's name (for `completion`).
    case shell
  }

  /// A command: the word after `tictactoe` (none for playing).
  struct Command: Sendable {
    /// The word (`replay`), or `nil` for `tictactoe` on its own.
    let name: String?
    /// Its operand: its name in the synopsis, its kind, and whether it may be left out.
    let operand: (name: String, kind: ValueKind, isOptional: Bool)?
    /// One line for the list of commands.
    let summary: String
    /// What it does, in paragraphs (each one line of text, wrapped when shown).
    let description: [String]
    /// Whether the options of a game (`--frontend`, `--session`, ...) go with it.
    let takesGameOptions: Bool

    /// How the command is written in a synopsis: `attach [PATH]`.
    var usage: String {
      let words = ["tictactoe", name].compactMap { $0 }
      guard let operand else { return words.joined(separator: " ") }
      return (words + [operand.isOptional ? "[\(operand.name)]" : operand.name])
        .joined(separator: " ")
    }
  }

  /// An option: a flag, or a flag that takes a value.
  struct Option: Sendable {
    /// The long name (`--frontend`).
    let name: String
    /// A short name (`-h`), if any.
    var shortName: String? = nil
    /// The value's name in the synopsis (`SPEC`), its kind, and whether it may be left out
    /// (`--listen [PATH]`); `nil` for a flag.
    var value: (name: String, kind: ValueKind, isOptional: Bool)? = nil
    /// The commands it goes with, by name (`nil` is `tictactoe` on its own).
    let commands: [String?]
    /// What it does.
    let help: String
    /// Whether it may be given more than once.
    var isRepeatable = false
    /// Whether `--help`, the man page and the completions leave it out: it is for this
    /// executable's own use (the child process of `check-frontend`, the install).
    var isHidden = false

    /// How the option is written in a list: `--frontend SPEC`, `--listen [PATH]`.
    var usage: String {
      let names = [shortName, name].compactMap { $0 }.joined(separator: ", ")
      guard let value else { return names }
      return names + (value.isOptional ? " [\(value.name)]" : " \(value.name)")
    }
  }

  /// The commands, `tictactoe` on its own first.
  static let commands: [Command] = [
    Command(
      name: nil, operand: nil,
      summary: "Play, with the front ends given by --frontend.",
      description: [
        "Plays TicTacToe (log in, optionally with a second factor, name the players, play) "
          + "with front ends loaded as shared libraries. Several front ends can watch one "
          + "game; the first one owns the terminal.",
        "The login is blob@pointfree.co / password; put \"2fa\" in the email to be asked for "
          + "a second factor (1234).",
      ],
      takesGameOptions: true),
    Command(
      name: "replay", operand: ("LOG", .file, false),
      summary: "Replay a --record log while front ends watch.",
      description: [
        "Replays a --record log through the same reducers, with no server (its answers are in "
          + "the log), while front ends watch; their intents are refused. LOG '-' is standard "
          + "input. Each action must lead to the state the log recorded: the first that does "
          + "not stops the replay (status 8, naming the line).",
        "--speed N keeps the recording's pace times N; --step replays one action per Enter (a "
          + "line of standard input; at its end, the rest at once); without either, the log is "
          + "replayed at once. Standard input reaches the front ends after the replay, unless "
          + "the log was read from it.",
      ],
      takesGameOptions: true),
    Command(
      name: "attach", operand: ("PATH", .file, true),
      summary: "Show and drive the game of a 'tictactoe --listen' host.",
      description: [
        "Shows and drives the game of the 'tictactoe --listen' host whose socket is PATH, with "
          + "this process's front ends (the same libraries, --frontend as for playing). Moves "
          + "made here or there show in both; :quit leaves the host running.",
        "Without PATH, the newest socket of yours where --listen puts them by default, as "
          + "'tmux attach' does; the one taken is named on standard error.",
        "When the host goes away, the front ends are detached and the status is 10.",
      ],
      takesGameOptions: false),
    Command(
      name: "check-frontend", operand: ("PATH", .frontEnd, false),
      summary: "Check that a front-end library conforms to the ABI.",
      description: [
        "Checks that the front end at PATH (or a stock NAME) conforms to the ABI: a sane "
          + "descriptor, a compatible ABI version, only the entry symbol exported, attach, "
          + "every screen, nothing written to standard output by an observer, detach restoring "
          + "the terminal and ending its subscriptions, and nothing after detach. Prints ok, "
          + "FAIL or skip per check; the status is 1 when a check failed."
      ],
      takesGameOptions: false),
    Command(
      name: "completion", operand: ("SHELL", .shell, false),
      summary: "Print the completion script for bash, zsh or fish.",
      description: [
        "Prints the completion script for SHELL (bash, zsh or fish). 'make install' installs "
          + "all three; to try one in the shell you are in: source <(tictactoe completion bash)."
      ],
      takesGameOptions: false),
    Command(
      name: "help", operand: ("COMMAND", .command, true),
      summary: "Show the help of tictactoe, or of one command.",
      description: [
        "Shows this help, or the help of COMMAND. 'tictactoe COMMAND --help' does the same."
      ],
      takesGameOptions: false),
  ]

  /// The shells that `completion` writes a script for.
  static let shells = ["bash", "zsh", "fish"]

  /// The names of the commands that take the options of a game.
  private static let game: [String?] = [nil, "replay"]
  /// Every command that loads front ends.
  private static let loading: [String?] = [nil, "replay", "attach"]

  /// The options, in the order `--help` lists them.
  static let options: [Option] = [
    Option(
      name: "--frontend", value: ("SPEC", .frontEnd, false), commands: loading,
      help: "A front end to attach; repeatable. SPEC is a stock name (text, ansi, jsonl, web) "
        + "or a path to a .so, optionally followed by :ARG for the front end (jsonl:FILE writes "
        + "events to FILE, truncated; jsonl:+FILE appends; web:127.0.0.1:8080 serves the "
        + "game's page there, web alone on loopback and a free port). A path with ':' in it: give the "
        + "existing file alone, or end it at '.so' before ':ARG'. The first one owns the "
        + "terminal; the others observe. Default: ansi when standard input and output are "
        + "terminals and TERM is not dumb, else text.",
      isRepeatable: true),
    Option(
      name: "--frontend-dir", value: ("DIR", .directory, false),
      commands: loading + ["check-frontend"],
      help: "Also look for front ends in DIR; repeatable.", isRepeatable: true),
    Option(
      name: "--allow-unsafe-frontends", commands: loading + ["check-frontend"],
      help: "Load a front-end library even if it, or its directory, is group- or "
        + "world-writable or owned by another user than you or root. Without it such a "
        + "library is refused, with the reason."),
    Option(
      name: "--list-frontends", commands: [nil],
      help: "List the front ends found, with versions, and exit."),
    Option(
      name: "--auth-delay", value: ("SECONDS", .number, false), commands: game,
      help: "Latency of the authentication server (default 1, 0 allowed)."),
    Option(
      name: "--settle-timeout", value: ("SECONDS", .number, false), commands: loading,
      help: "How long to wait for effects on settle and before quitting (default 10)."),
    Option(
      name: "--listen", value: ("PATH", .file, true), commands: game,
      help: "Also accept clients on a Unix socket at PATH (default: "
        + "$XDG_RUNTIME_DIR/tictactoe/PID.sock, or a private directory in $TMPDIR); the path "
        + "is printed on standard error. Each client speaks the JSON-lines protocol; quitting "
        + "one closes that connection only."),
    Option(
      name: "--session", value: ("FILE", .file, false), commands: game,
      help: "Restore the game from FILE if it exists, and keep FILE current: each change is on "
        + "disk (fdatasync) before any front end shows it. No password or token is saved, and "
        + "requests in flight are not resumed. A file that is not a session is kept as "
        + "FILE.bad-N and the game starts fresh. One tictactoe per FILE (FILE.lock)."),
    Option(
      name: "--record", value: ("LOG", .file, false), commands: game,
      help: "Write every processed action to LOG (JSON-lines, created 0600 or truncated): its "
        + "case path, payload (secrets redacted), origin and time, and the state it led to. "
        + "Replay it with 'tictactoe replay LOG'."),
    Option(
      name: "--speed", value: ("N", .number, false), commands: ["replay"],
      help: "Replay at the recording's pace times N (0.001 to 1000), each wait at most an hour."),
    Option(
      name: "--step", commands: ["replay"],
      help: "Replay one action per line of standard input."),
    Option(
      name: "--help", shortName: "-h", commands: commands.map(\.name),
      help: "Show the help of the command and exit."),
    Option(
      name: "--version", commands: [nil], help: "Show the version and exit."),
    Option(
      name: "--check-child", value: ("PATH", .file, false), commands: [nil],
      help: "The process that runs the checks of check-frontend.", isHidden: true),
    Option(
      name: "--check-scratch", value: ("DIR", .directory, false), commands: [nil],
      help: "The scratch directory of --check-child.", isHidden: true),
    Option(
      name: "--print-man-page", commands: [nil],
      help: "Print the man page tictactoe(1), in roff, and exit.", isHidden: true),
  ]

  /// Where stock front ends are looked for, for `--help` and the man page.
  static let searchPath =
    "A stock NAME is the file libtictactoe-NAME.so, looked for in: the directory of this "
    + "executable, then $TICTACTOE_FRONTEND_PATH (colon-separated), then --frontend-dir, then "
    + "PREFIX/lib/tictactoe/frontends for an installed PREFIX/bin/tictactoe."

  /// The environment variables `tictactoe` reads.
  static let environment: [(name: String, meaning: String)] = [
    ("TICTACTOE_FRONTEND_PATH", "More directories to look for front ends in (colon-separated)."),
    (
      "TICTACTOE_TRACE",
      "1: trace every action, with where it came from, on standard error. calls: count the "
        + "calls across the front-end ABI instead, one line per call into a front end."
    ),
    ("XDG_RUNTIME_DIR", "Where --listen makes its socket by default."),
    ("TERM", "dumb: the default front end is text, and ansi refuses to start."),
  ]

  /// Every exit status, with what it means.
  static let exitStatuses: [(status: String, meaning: String)] = [
    ("\(ExitStatus.success)", "normal exit (:quit, or end of input with no effect left running)"),
    ("\(ExitStatus.checkFailed)", "check-frontend: a check failed"),
    ("\(ExitStatus.usage)", "usage error"),
    ("\(ExitStatus.noFrontEnd)", "no front end could be loaded"),
    (
      "\(ExitStatus.outputFailed)",
      "standard output failed (full disk, closed, an I/O error), or its reader left (broken "
        + "pipe; then nothing is printed)"
    ),
    ("\(ExitStatus.inputFailed)", "reading standard input failed (I/O error, a directory, closed)"),
    (
      "\(ExitStatus.effectsAbandoned)",
      "effects still running at the settle timeout when quitting; abandoned"
    ),
    (
      "\(ExitStatus.sessionUnusable)",
      "the --session file cannot be used (in use by another tictactoe, a link, not a regular "
        + "file, another user's)"
    ),
    (
      "\(ExitStatus.replayFailed)",
      "replay: the log cannot be read, or the replay stopped where it diverged"
    ),
    (
      "\(ExitStatus.listenFailed)",
      "--listen: the socket could not be made (a host already listens there, a file that is "
        + "not a socket is in the way, or a directory is not private)"
    ),
    (
      "\(ExitStatus.hostWentAway)",
      "attach: the host could not be reached (none found with no PATH, another user's, no first "
        + "state within --settle-timeout), or went away"
    ),
    (
      "\(ExitStatus.sessionNotSaved)",
      "--session: the last state could not be saved when quitting (a full disk), even retried; "
        + "the file holds an older state"
    ),
    ("128+N", "signal N: SIGINT, SIGTERM, SIGHUP and SIGQUIT quit cleanly"),
  ]

  /// What the exit statuses leave unsaid.
  static let exitNotes =
    "If a front end crashes the host, or SIGSEGV, SIGABRT, SIGBUS, SIGILL, SIGFPE, SIGTRAP or "
    + "SIGSYS is sent to it, the terminal is restored before the process dies of that signal. "
    + "A failed observer output detaches that observer; the game goes on."

  /// The command named `name`, if there is one (`nil` is `tictactoe` on its own).
  static func command(named name: String?) -> Command? {
    commands.first { $0.name == name }
  }

  /// The options that go with `command`, in the order `--help` lists them.
  static func options(for command: Command) -> [Option] {
    options.filter { $0.commands.contains(command.name) }
  }

  /// The option spelled `word` (`--frontend` or `-h`), if there is one.
  static func option(spelled word: String) -> Option? {
    options.first { $0.name == word || $0.shortName == word }
  }
}
