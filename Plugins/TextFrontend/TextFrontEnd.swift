import FrontendKit
import TicTacToeFrontendABI

/// The `text` front end: line-oriented, for pipes and dumb terminals.
///
/// It prints the current screen (title, form fields with the password masked, the board as a
/// 3x3 grid with coordinates, the alert, the commands available) whenever it changes, and reads
/// one command per line. After each command it asks the host to settle, so the next line is read
/// only once the effects it started (a login request, say) have finished: piped scripts see the
/// same screens a person would. As an observer it writes to the file given as its argument.
final class TextFrontEnd: FrontEnd, ChangeObserving {
  private let host: HostConnection
  private let output: OutputStream
  private var subscription: UInt64 = 0
  private var lineBuffer: [UInt8] = []
  private var pendingLines: [String] = []
  private var isSettling = false
  private var lastRendered = ""

  init(host: HostConnection, info: AttachInfo) throws(FrontEndError) {
    self.host = host
    if let path = info.argument, !path.isEmpty {
      output = try .file(path)
    } else if info.ownsTerminal {
      output = .standardOutput()
    } else {
      throw FrontEndError("as an observer, text needs an output file: --frontend text:PATH")
    }
    subscription = host.subscribe(self)
    render()
  }

  func detach() {
    host.unsubscribe(subscription)
  }

  func stateDidChange() {
    render()
  }

  func input(_ bytes: UnsafeBufferPointer<UInt8>) {
    for byte in bytes {
      if byte == UInt8(ascii: "\n") {
        let line = String(decoding: lineBuffer, as: UTF8.self)
        lineBuffer.removeAll(keepingCapacity: true)
        pendingLines.append(line.hasSuffix("\r") ? String(line.dropLast()) : line)
      } else if lineBuffer.count < 4096 {
        lineBuffer.append(byte)
      }
    }
    handlePendingLines()
  }

  func endOfInput() {
    if !lineBuffer.isEmpty {
      pendingLines.append(String(decoding: lineBuffer, as: UTF8.self))
      lineBuffer.removeAll()
    }
    handlePendingLines()
  }

  func settled(timedOut: Bool) {
    isSettling = false
    if timedOut { say("still waiting for the server; continuing") }
    handlePendingLines()
  }

  private func handlePendingLines() {
    while !isSettling, !pendingLines.isEmpty {
      handle(pendingLines.removeFirst())
      isSettling = host.request(TTT_REQUEST_SETTLE) == nil
    }
  }

  private func render() {
    let text = ScreenText.render(host.screen())
    guard text != lastRendered else { return }
    lastRendered = text
    output.write(text + "\n")
  }

  private func handle(_ line: String) {
    let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    guard let command = words.first else { return }
    if command.hasPrefix(":") {
      handleHostCommand(command, argument: words.dropFirst().joined(separator: " "))
      return
    }
    let argument = line.drop { $0 == " " }.dropFirst(command.count).drop { $0 == " " }
    switch CommandParser.parse(command: command, argument: String(argument), screen: host.screen())
    {
    case .success(let intent):
      if let error = send(intent) { say(error) }
    case .failure(let message):
      say(message)
    }
  }

  private func handleHostCommand(_ command: String, argument: String) {
    let request: ttt_request
    switch command {
    case ":frontend": request = TTT_REQUEST_SWITCH
    case ":attach": request = TTT_REQUEST_ATTACH
    case ":detach": request = TTT_REQUEST_DETACH
    case ":quit", ":q":
      host.request(TTT_REQUEST_QUIT)
      return
    default:
      say("unknown command \(command): try :frontend NAME, :attach SPEC, :detach NAME, :quit")
      return
    }
    guard !argument.isEmpty else {
      say("\(command) needs a front end, e.g. \(command) jsonl:/tmp/events.jsonl")
      return
    }
    if let error = host.request(request, argument) { say(error) }
  }

  private func send(_ intent: CommandParser.Intent) -> String? {
    switch intent {
    case .action(let tag, let text): host.send(tag, text: text)
    case .cell(let row, let column):
      host.send(TTT_ACTION_GAME_CELL_TAPPED, row: row, column: column)
    }
  }

  private func say(_ message: String) {
    output.write("! \(message)\n")
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
public func tictactoeFrontendEntry() -> UnsafePointer<ttt_frontend_descriptor> {
  descriptor.pointer
}
