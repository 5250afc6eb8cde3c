import CMainQueueLoop
import Dispatch
import FoundationEssentials
import FrontEndHost
import HostIO
import Persistence
import TerminalCrashGuard
import TicTacToeAppCore
import TicTacToeAuthenticationClient
import TicTacToeAuthenticationClientLive
import TicTacToeFrontEndABI
import UnidirectionalFlow

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The version of the `tictactoe` host.
let hostVersion = "0.1.0"

// First of all: the standard streams as the host uses them (a closed one is noted and its
// number taken, so nothing opened later lands on it), and diagnostics that never trap.
signal(SIGPIPE, SIG_IGN)
let streams = StandardStreams.prepare()
Diagnostics.use(streams.error)

func standardError(_ line: String) {
  Diagnostics.write(line)
}

let options: Options
do {
  // The bytes as given: a path that is not UTF-8 is refused, never rewritten.
  let raw = (1..<Int(CommandLine.argc)).map { index in
    Array(
      UnsafeBufferPointer(
        start: CommandLine.unsafeArgv[index], count: strlen(CommandLine.unsafeArgv[index]!)
      ).map { UInt8(bitPattern: $0) })
  }
  options = try Options.parse(rawArguments: raw)
} catch {
  standardError("tictactoe: \(error.message)\n\(error.hint)")
  exit(ExitStatus.usage)
}

if let command = options.help {
  print(HelpText.render(command))
  exit(0)
}
if options.showVersion {
  print(
    "tictactoe \(hostVersion) (front-end ABI \(TTT_ABI_VERSION_MAJOR).\(TTT_ABI_VERSION_MINOR))")
  exit(0)
}
if let shell = options.completion {
  print(Completions.render(for: shell), terminator: "")
  exit(0)
}
if options.printManPage {
  print(ManPage.render(version: hostVersion), terminator: "")
  exit(0)
}

for directory in options.frontEndDirectories {
  var isDirectory = false
  if !FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) || !isDirectory {
    standardError("tictactoe: warning: --frontend-dir \(directory): no such directory")
  }
}

/// The value of the environment variable `name`, if set: one `getenv`, where
/// `ProcessInfo.processInfo.environment` copies the whole environment into a dictionary each
/// time (7% of the start-up, read three times).
func environmentVariable(_ name: String) -> String? {
  getenv(name).map { String(cString: $0) }
}

let searchPath = FrontEndSearchPath(
  executablePath: CommandLine.arguments[0].contains("/")
    ? CommandLine.arguments[0]
    : URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path,
  environment: environmentVariable("TICTACTOE_FRONTEND_PATH").map {
    ["TICTACTOE_FRONTEND_PATH": $0]
  } ?? [:],
  extraDirectories: options.frontEndDirectories)

let loadPolicy: FrontEndLoadPolicy = options.allowUnsafeFrontEnds ? .allowUnsafe : .strict

if let target = options.checkFrontEnd {
  exit(CheckFrontEnd.run(target, searchPath: searchPath, policy: loadPolicy))
}
if let path = options.checkChild {
  CheckFrontEnd.runChild(
    path: path, scratch: options.checkScratch ?? FileManager.default.temporaryDirectory.path,
    searchPath: searchPath,
    policy: loadPolicy)
}

if options.listFrontEnds {
  let found = searchPath.discover()
  if found.isEmpty {
    print("No front ends found in: \(searchPath.directories.joined(separator: ", "))")
  }
  for (name, path) in found {
    do {
      let loaded = try FrontEndLoader.load(path: path, policy: loadPolicy)
      print(
        "\(loaded.name)\t\(loaded.version)\tABI \(loaded.abiVersion)\t\(loaded.summary)\t\(path)")
    } catch {
      print("\(name)\t-\t-\t\(error.reason)\t\(path)")
    }
  }
  exit(0)
}

// The session or the log to replay, if any, before anything is shown: it decides the first
// state.
let session = options.session.map { SessionStart.open($0, report: standardError) }
let replay = options.replay.map { ReplayLog.load($0, report: standardError) }
let replayReadsStandardInput = options.replay.map(ReplayLog.isStandardInput) ?? false

/// The app's reducer, built after the first screen (see ``DeferredAppReducer``); `nil` in
/// `attach`, whose game is the other host's.
var appReducer: DeferredAppReducer?

MainActor.assumeIsolated {
  let loop = PollingEventLoop.shared
  let host: FrontEndHost
  if let given = options.attach {
    // `attach`: the game is the --listen host's; its first state is the first screen.
    let path: String
    if let given {
      path = given
    } else {
      // As `tmux attach` does: the newest, saying which.
      let sockets = ListeningSockets()
      guard let newest = sockets.paths.first else {
        standardError(
          "tictactoe: attach: no socket of a tictactoe --listen host of yours in "
            + "\(sockets.searched); start one with --listen, or give attach the PATH it printed")
        exit(ExitStatus.hostWentAway)
      }
      let others = sockets.paths.count - 1
      standardError(
        "tictactoe: attaching to \(newest)"
          + (others == 0 ? "" : " (the newest; \(others) more in \(sockets.searched))"))
      path = newest
    }
    do {
      let game = try RemoteGame(
        connectingTo: path, timeout: options.settleTimeout, loop: loop)
      host = FrontEndHost.attached(
        to: game, searchPath: searchPath, settleTimeout: options.settleTimeout,
        terminalOutput: OutputSink(streams.output, loop: loop))
    } catch {
      standardError("tictactoe: \(error)")
      exit(ExitStatus.hostWentAway)
    }
  } else {
    let isReplaying = replay != nil
    let reducer = DeferredAppReducer {
      // A replay drops effects: the server's answers are in the log.
      TicTacToe().droppingEffects(if: isReplaying)
    }
    appReducer = reducer
    let store = Store(initialState: replay?.start ?? session?.state ?? TicTacToe.State()) {
      reducer
    } withDependencies: {
      $0.authenticationClient = .live(latency: options.authDelay)
    }
    host = FrontEndHost(
      store: store, searchPath: searchPath, loop: loop, settleTimeout: options.settleTimeout,
      terminalOutput: OutputSink(streams.output, loop: loop))
  }
  // Made before the front ends attach, so that their first screen shows the replay.
  let replayDriver = replay.map { ReplayDriver(host: host, lines: $0.lines, name: $0.name) }
  let trace = environmentVariable("TICTACTOE_TRACE")
  host.isTracing = trace == "1"
  host.isCountingCalls = trace == "calls"
  host.loadPolicy = loadPolicy
  if let session { host.keepSession(in: session.file, undo: session.undo) }
  if let path = options.record {
    do {
      try host.record(to: path)
    } catch {
      standardError("tictactoe: --record: \(error)")
      exit(ExitStatus.usage)
    }
  }
  var specs = options.frontEnds
  if specs.isEmpty {
    let isTerminal = isatty(0) == 1 && isatty(1) == 1 && environmentVariable("TERM") != "dumb"
    specs = [FrontEndSpec(isTerminal ? "ansi" : "text")]
  }
  // Observers that cannot work are refused before any front end starts, so the first screen
  // is never followed by an error about the second.
  for (index, spec) in specs.enumerated().dropFirst() {
    if let problem = host.observerProblem(spec, planned: Array(specs[..<index])) {
      standardError("tictactoe: --frontend \(spec): \(problem)")
      exit(ExitStatus.usage)
    }
  }
  var listener: UnixSocketListener?
  if let path = options.listen {
    // Clients may take every descriptor left; libdispatch must have its own by then.
    DispatchWarmUp.run()
    do {
      listener = try UnixSocketListener(path: path, loop: loop)
    } catch {
      standardError("tictactoe: \(error)")
      exit(ExitStatus.listenFailed)
    }
    standardError("tictactoe: listening on \(listener!.path)")
    host.listeningPath = listener!.path
    // Every exit the host lives to make removes the socket.
    host.onExit = { status in
      listener?.close()
      exit(status)
    }
  }
  SignalHandling.install(host: host)
  // Before any front end changes the terminal: its modes now are the ones to give back.
  if terminal_crash_guard_install(0, 1) {
    host.onTerminalOwnerChange = { owner in
      terminal_crash_guard_set_full_screen(owner?.frontEnd.isFullScreen == true)
    }
  }
  var refusedToStart = false
  for spec in specs {
    if case .failure(let error) = host.attach(spec, ownsTerminal: host.terminalOwner == nil) {
      standardError("tictactoe: \(error.explained(for: spec))")
      if host.isTracing, error.refusalToStart != nil { standardError("tictactoe: trace: \(error)") }
      refusedToStart = refusedToStart || error.refusalToStart != nil
    }
  }
  guard !host.attachedFrontEnds.isEmpty else {
    standardError(
      "tictactoe: no front end could be loaded"
        + (refusedToStart ? "; 'text' works in any terminal and pipe (--frontend text)" : ""))
    host.onExit(ExitStatus.noFrontEnd)
    return
  }
  if let listener { host.serve(listener, frontEnd: FrontEndSpec("jsonl")) }
  if let appReducer {
    // Behind the first screen's output, ahead of any input; a replay sends at once.
    if replayDriver != nil {
      appReducer.build()
    } else {
      StoreThread.schedule { appReducer.build() }
    }
  }
  let input = InputSource(streams.input, loop: loop)
  if let replayDriver {
    // Input goes to the front ends once the log is replayed, so the end of a piped input
    // does not end the replay early (and, with --step, each line of it is a step first). A
    // log read from standard input was all of that input.
    let pace: ReplayDriver.Pace =
      options.replayStep
      ? .stepped(input)
      : options.replaySpeed.map { .recorded(speed: $0, clock: ContinuousClock()) } ?? .atOnce
    replayDriver.run(at: pace) { unread in
      guard let unread, !replayReadsStandardInput else { return host.endOfInput() }
      if !unread.isEmpty { host.deliverInput(unread) }
      host.readInput(from: input)
    }
  } else {
    host.readInput(from: input)
  }
}

// The main queue run on the main thread (not dispatchMain, which parks the main thread and runs
// the main queue on a worker) keeps the store, the main actor and every front-end callback on
// the main thread.
main_queue_loop_run()
