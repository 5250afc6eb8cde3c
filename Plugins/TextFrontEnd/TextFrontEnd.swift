import FrontEndKit
import TicTacToeFrontEndABI

/// The `text` front end: line-oriented, for pipes and dumb terminals.
///
/// It prints the current screen (title, form fields with the password masked, the board as a
/// 3x3 grid with coordinates, the alert, the commands available) whenever it changes, with
/// control characters made visible, and reads one command per line (`help` lists those of the
/// screen; at a terminal, `password` alone reads the password unseen). After each command it asks the host to settle, so the next line is read
/// only once the effects it started (a login request, say) have finished: piped scripts see the
/// same screens a person would. As an observer it writes to the file given as its argument.
final class TextFrontEnd: FrontEnd, ChangeObserving {
  private let host: HostConnection
  private let output: OutputStream
  private var subscription: UInt64 = 0
  private var lines = LineFramer(maximumLength: 4096)
  private var isSettling = false
  /// It asked to quit or to switch: it handles no more input.
  private var hasLeft = false
  /// The text of the screen last rendered, as rendered: before its controls are made visible.
  private var lastRendered = ScreenBytes()
  /// The buffer the next screen is rendered into, kept for its capacity as `lastRendered` is.
  private var rendering = ScreenBytes()
  /// The buffer a screen's text with control characters is made visible in, kept likewise.
  private var visible: [UInt8] = []
  /// The screen `lastRendered` was rendered from (rendered first when the front end attaches).
  private var lastScreen = Screen.login(LoginScreen())
  /// The replay's progress when it last rendered, during `tictactoe replay`.
  private var lastReplay: ReplayStatus?
  /// Whether it owns a terminal on standard input (then `password` alone reads it unseen).
  private let isAtTerminal: Bool
  /// Echo while the password is typed unseen; active until the next line.
  private let unseenInput = UnseenInput()
  /// The host's socket when it listens (`tictactoe --listen`), for `:listen`.
  private let listeningPath: String?

  init(host: HostConnection, info: AttachInfo) throws(FrontEndError) {
    self.host = host
    // Standard input is the host's own terminal only when no client's connection carries this
    // front end (a `--listen` client that switches to text must not turn the host's echo off).
    isAtTerminal = info.ownsTerminal && info.connection == nil && UnseenInput.isTerminal
    listeningPath = info.listeningPath
    if let path = info.argument, !path.isEmpty {
      output = try .file(path, host)
    } else if info.ownsTerminal {
      output = try .terminal(host)
    } else {
      throw FrontEndError("as an observer, text needs an output file: --frontend text:PATH")
    }
    subscription = host.subscribe(self)
    render()
  }

  func detach() {
    unseenInput.end()
    host.unsubscribe(subscription)
  }

  func stateDidChange() {
    render()
  }

  /// Ctrl-Z at the unseen password prompt gives the shell its echo back; `fg` turns it off
  /// again and shows the prompt again (the shell wrote over the line it was on).
  func suspend(resumed: Bool) {
    guard resumed else { return unseenInput.suspend() }
    guard unseenInput.isActive else { return }
    if unseenInput.resume() {
      output.write(Self.passwordPrompt)
    } else {
      // The next line would be shown as it is typed: take it as a command, not the password.
      unseenInput.end()
      say("cannot turn the terminal's echo off again; type password PASSWORD")
    }
  }

  /// Handles whole lines, one at a time: after each it asks the host to settle and stops, and
  /// the host hands the rest again once the settle is over.
  func input(_ bytes: UnsafeBufferPointer<UInt8>, flags: InputFlags) -> Int {
    var consumed = 0
    while !isSettling, !hasLeft,
      let (line, end) = lines.next(in: bytes, from: consumed, isEnd: flags.contains(.end))
    {
      consumed = end
      switch line {
      case .text(let text, _):
        let line = String(decoding: text, as: UTF8.self)
        if unseenInput.isActive {
          // Echo was off, the newline too: end the prompt's line.
          unseenInput.end()
          output.write("\n")
          if let error = host.send(TTT_ACTION_LOGIN_SET_PASSWORD, text: line) { say(error) }
        } else {
          handle(line)
        }
        if !hasLeft { isSettling = host.request(TTT_REQUEST_SETTLE) == nil }
      case .tooLong:
        say("that line is longer than \(lines.maximumLength) bytes; ignored")
      case .skipped:
        break
      }
    }
    return consumed
  }

  /// A settle it asked for finished, or (when it asked for none) the settle before quitting
  /// timed out.
  func settled(timedOut: Bool) {
    defer { isSettling = false }
    guard timedOut else { return }
    say(
      isSettling
        ? "still waiting for the server; continuing"
        : "quitting with effects still running (see --settle-timeout); they were abandoned")
  }

  /// What asks for the password typed unseen.
  private static let passwordPrompt = "Password (typing is not shown): "

  /// Reads the screen (one read of the root serves the screen and the replay's progress) and
  /// writes it when it changed: once per change, never from inside a send (the host tells a
  /// change once the call that made it has returned).
  private func render() {
    // Rendered only when the screen changed: the same screen renders the same text. During a
    // replay each screen has the replay's banner above it, and the replay's end is written even
    // when the last line changed nothing.
    let root = host.rootState()
    let screen = host.screen(in: root)
    let replay = host.replay(in: root)
    let replayEnds = replay?.isOver == true && lastReplay?.isOver != true
    lastReplay = replay
    var isNew = false
    // Nothing is rendered before the first screen; a rendered screen is never empty.
    if lastRendered.isEmpty || screen != lastScreen {
      // Into the buffer of the text before the last: no allocation once both have grown.
      rendering.removeAll()
      ScreenText.render(screen, into: &rendering)
      lastScreen = screen
      if rendering != lastRendered {
        swap(&rendering, &lastRendered)
        isNew = true
      }
    }
    guard isNew || replayEnds else { return }
    if let replay { output.write("-- \(replay.banner) --\n") }
    if isNew { writeVisible(lastRendered) }
  }

  /// Writes `text` with its control characters made visible: as it is when it has none.
  private func writeVisible(_ text: ScreenBytes) {
    text.bytes.withUnsafeBufferPointer { bytes in
      guard text.hasControls else { return output.write(UnsafeRawBufferPointer(bytes)) }
      visible.removeAll(keepingCapacity: true)
      VisibleText.append(bytes, to: &visible)
      visible.withUnsafeBytes { output.write($0) }
    }
  }

  private func handle(_ line: String) {
    let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    guard let command = words.first else { return }
    // The rest of the line as typed (a file name may hold two spaces in a row).
    let argument = line.drop { $0 == " " }.dropFirst(command.count).drop { $0 == " " }
    if command.hasPrefix(":") {
      // Trailing blanks are a typo, unless the argument holds a secret: then it goes as typed,
      // so that the host recognizes the whole secret and repeats nothing of it.
      let trimmed = String(argument.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
      let typed = String(argument)
      handleHostCommand(
        command, argument: host.redact(typed) == typed ? trimmed : typed, line: line)
      return
    }
    // The command means what it means on the screen of the last change, the one shown.
    let screen = lastScreen
    let outcome = CommandParser.parse(
      command: command, argument: String(argument), screen: screen, isTerminal: isAtTerminal)
    // A replay takes no intent: help and quitting work, anything else gets the one reason.
    if lastReplay != nil, outcome != .success(.help), !outcome.isQuit {
      say(ReplayStatus.refusal)
      return
    }
    switch outcome {
    case .success(.quit(let isForced)):
      quit(isForced: isForced, on: screen, force: "quit!")
    case .success(.help):
      output.write(ScreenText.help(for: screen, isTerminal: isAtTerminal) + "\n")
    case .success(.readPasswordUnseen):
      guard unseenInput.begin() else {
        say("cannot turn the terminal's echo off; type password PASSWORD")
        return
      }
      output.write(Self.passwordPrompt)
    case .success(let intent):
      if let error = send(intent) { say(error) }
    case .failure(let message):
      say(message)
    }
  }

  private func handleHostCommand(_ command: String, argument: String, line: String) {
    let request: ttt_request
    switch command {
    case ":frontend", ":frontend!": request = TTT_REQUEST_SWITCH
    case ":attach": request = TTT_REQUEST_ATTACH
    case ":detach": request = TTT_REQUEST_DETACH
    case ":quit", ":q", ":exit", ":quit!", ":q!", ":exit!":
      quit(isForced: command.hasSuffix("!"), on: lastScreen, force: ":quit!")
      return
    case ":undo":
      // The game is put back for every front end; this one redraws on the change. A replay's
      // host refuses it with the replay's reason.
      if let error = host.request(TTT_REQUEST_UNDO) { say(error) }
      return
    case ":listen":
      if let listeningPath {
        output.write("listening on \(listeningPath): tictactoe attach shows this game\n")
      } else {
        say("not listening: start tictactoe with --listen to let tictactoe attach show this game")
      }
      return
    default:
      // Quoted from the redacted line: the password may run on past the first space.
      let quoted = host.redact(line).split(separator: " ").first.map(String.init) ?? ""
      say(
        "unknown command \(quoted): try :frontend NAME, :attach SPEC, :detach NAME, :undo, "
          + ":listen, quit")
      return
    }
    guard !argument.isEmpty else {
      say("\(command) needs a front end, e.g. \(command) jsonl:events.jsonl")
      return
    }
    if command == ":frontend", isAtTerminal,
      let warning = SwitchWarning.before(switchingTo: argument, quoting: host.redact)
    {
      say(warning)
      return
    }
    if let error = host.request(request, argument) {
      say(error)
    } else if request == TTT_REQUEST_SWITCH {
      hasLeft = true
    }
  }

  /// Quits the app, unless a game in progress would be lost and the command was not forced:
  /// then it says how to quit anyway (`force`) or leave the game first. A replay loses nothing.
  private func quit(isForced: Bool, on screen: Screen, force: String) {
    if !isForced, lastReplay == nil,
      let warning = QuitWarning.before(quittingOn: screen, force: force, leave: "leave (or q)")
    {
      say(warning)
      return
    }
    hasLeft = host.request(TTT_REQUEST_QUIT) == nil
  }

  private func send(_ intent: CommandParser.Intent) -> String? {
    switch intent {
    case .action(let tag, let text): host.send(tag, text: text)
    case .cell(let row, let column):
      host.send(TTT_ACTION_GAME_CELL_TAPPED, row: row, column: column)
    case .quit, .help, .readPasswordUnseen: nil
    }
  }

  /// Writes a message line; control characters in it (a spec or an error quoting what was
  /// typed) are made visible.
  private func say(_ message: String) {
    output.write("! \(message.withVisibleControls)\n")
  }
}

/// The exported descriptor; static storage for the life of the process.
let descriptor = FrontEndDescriptor.make(
  TextFrontEnd.self,
  name: "text",
  description: "Line-oriented text interface for pipes and dumb terminals",
  version: "1.0.0",
  flags: UInt32(TTT_FRONTEND_READS_INPUT) | UInt32(TTT_FRONTEND_WRITES_TERMINAL))

/// The entry symbol the host looks up.
@_cdecl("tictactoe_frontend_entry")
public func tictactoeFrontEndEntry() -> UnsafePointer<ttt_frontend_descriptor> {
  descriptor.pointer
}
