// The example front end in Swift: the board as text, one command per line (email ADDRESS,
// password PASSWORD, login, x NAME, o NAME, play, ROW COLUMN, quit). It imports only the C
// header, through the CTicTacToe module. It touches no descriptor: the host opens its output
// and writes it, and hands it its input (ABI 1.2).
import CTicTacToe

/// One attachment: attach makes it, detach releases it. Every callback runs on the host's
/// store thread, one at a time, so its state needs no lock.
final class Mine {
  let api: UnsafePointer<ttt_host_api>  // the host's routines, valid until detach
  let host: OpaquePointer  // ttt_host *
  let root: OpaquePointer  // ttt_store *, the root handle
  let game: OpaquePointer  // ttt_store *, scoped to the game
  let output: OpaquePointer  // ttt_output *: the terminal, or the file given as argument
  var subscription: UInt64 = 0
  var isSettling = false
  var lastScreen = ""

  init(api: UnsafePointer<ttt_host_api>, host: OpaquePointer, output: OpaquePointer) {
    self.api = api
    self.host = host
    self.output = output
    root = api.pointee.root(host)!
    game = api.pointee.scope(root, TTT_FEATURE_GAME.rawValue)!
  }

  /// Draws the current screen, unless it did not change.
  func render() {
    let screen = self.screen()
    guard screen != lastScreen else { return }
    lastScreen = screen
    write(screen)
  }

  /// The current screen as text.
  func screen() -> String {
    var root = ttt_root_state()
    root.struct_size = UInt32(MemoryLayout<ttt_root_state>.size)
    guard api.pointee.read_root(self.root, &root) == TTT_OK else { return "" }
    var game = ttt_game_state()
    game.struct_size = UInt32(MemoryLayout<ttt_game_state>.size)
    // The game handle answers TTT_ERR_INACTIVE while no game is on.
    if api.pointee.read_game(self.game, &game) == TTT_OK {
      // Strings are valid until the next read of the same kind: copy them now.
      var text = "== \(String(cString: game.title)) ==\n"
      for row in [game.board.0, game.board.1, game.board.2] {
        let cells = [row.0, row.1, row.2].map { $0 == 1 ? "X" : $0 == 2 ? "O" : "." }
        text += cells.joined(separator: " ") + "\n"
      }
      if let alert = game.alert_title { text += "Alert: \(String(cString: alert)) (yes or no)\n" }
      return text
    }
    return root.active == TTT_FEATURE_LOGIN.rawValue ? "== Login ==\n" : "== New game ==\n"
  }

  /// Handles one command line.
  func handle(_ line: String) {
    let words = line.split(separator: " ").map(String.init)
    guard let command = words.first else { return }
    let text = words.dropFirst().joined(separator: " ")
    let status: ttt_status
    switch command {
    case "email": status = send(TTT_ACTION_LOGIN_SET_EMAIL, text: text)
    case "password":
      // The password is write-only: edit it, never read it.
      _ = api.pointee.edit_text(
        root, TTT_FIELD_LOGIN_PASSWORD.rawValue, TTT_EDIT_CLEAR.rawValue, nil)
      status = api.pointee.edit_text(
        root, TTT_FIELD_LOGIN_PASSWORD.rawValue, TTT_EDIT_APPEND.rawValue, text)
    case "login": status = send(TTT_ACTION_LOGIN_BUTTON_TAPPED)
    case "x": status = send(TTT_ACTION_NEW_GAME_SET_X_PLAYER_NAME, text: text)
    case "o": status = send(TTT_ACTION_NEW_GAME_SET_O_PLAYER_NAME, text: text)
    case "play": status = send(TTT_ACTION_NEW_GAME_LETS_PLAY_BUTTON_TAPPED)
    case "quit": status = send(TTT_ACTION_GAME_QUIT_BUTTON_TAPPED)
    // Quitting a game in progress asks "Quit this game?" (game.alert_title): answer it.
    case "yes": status = send(TTT_ACTION_GAME_ALERT_CONFIRM_QUIT)
    case "no": status = send(TTT_ACTION_GAME_ALERT_DISMISS)
    default:
      guard words.count == 2, let row = Int32(words[0]), let column = Int32(words[1]) else {
        write("! unknown command\n")
        return
      }
      status = send(TTT_ACTION_GAME_CELL_TAPPED, row: row - 1, column: column - 1)
    }
    // The host validated the action; on an error nothing changed and last_error says why.
    if status != TTT_OK { write("! \(String(cString: api.pointee.last_error(host)!))\n") }
  }

  /// Sends a user intent through the root handle (which accepts every feature's actions).
  func send(
    _ tag: ttt_action_tag, text: String? = nil, row: Int32 = 0, column: Int32 = 0
  ) -> ttt_status {
    func send(_ text: UnsafePointer<CChar>?) -> ttt_status {
      var action = ttt_action(
        struct_size: UInt32(MemoryLayout<ttt_action>.size), tag: tag.rawValue, text: text,
        row: row, column: column)
      return api.pointee.send(root, &action)
    }
    // `text` is borrowed for the call only: the host copies it.
    guard let text else { return send(nil) }
    return text.withCString { send($0) }
  }

  /// Consumes complete lines, one per settle, and returns how many bytes that took: after each
  /// line the host holds the rest back until the effects it started (a login request)
  /// finished, calls on_settled, then hands the rest again. A partial line stays with the host.
  func consume(_ bytes: UnsafeBufferPointer<UInt8>, isEnd: Bool) -> Int {
    var consumed = 0
    while !isSettling, consumed < bytes.count {
      let rest = bytes[consumed...]
      let newline = rest.firstIndex(of: UInt8(ascii: "\n"))
      guard newline != nil || isEnd else { break }
      let end = newline ?? bytes.count
      handle(String(decoding: bytes[consumed..<end], as: UTF8.self))
      consumed = newline.map { $0 + 1 } ?? end
      isSettling = api.pointee.request(host, TTT_REQUEST_SETTLE.rawValue, nil) == TTT_OK
    }
    return consumed
  }

  /// Writes `text` through the host, which buffers it and never blocks.
  func write(_ text: String) {
    var text = text
    text.withUTF8 { _ = api.pointee.write(output, $0.baseAddress, $0.count) }
  }

  /// The instance behind a callback's `instance` (or `context`) pointer.
  static func from(_ pointer: UnsafeMutableRawPointer?) -> Mine {
    Unmanaged<Mine>.fromOpaque(pointer!).takeUnretainedValue()
  }
}

/// A C string with static storage, as descriptor strings must be. (A String bridged to a C
/// pointer is a temporary: stored in the descriptor, it would dangle.)
func staticCString(_ string: StaticString) -> UnsafePointer<CChar> {
  UnsafeRawPointer(string.utf8Start).assumingMemoryBound(to: CChar.self)
}

/// The descriptor: allocated once, never freed. The callbacks are closures that capture
/// nothing, so Swift makes C function pointers of them.
nonisolated(unsafe) let descriptor: UnsafeMutablePointer<ttt_frontend_descriptor> = {
  // Start from the zero descriptor and set fields by name: a field a later minor version
  // appends (on_notice came with 1.4) is then NULL here, and this source still builds.
  var d = ttt_frontend_descriptor()
  d.struct_size = UInt32(MemoryLayout<ttt_frontend_descriptor>.size)
  d.abi_major = TTT_ABI_VERSION_MAJOR
  d.abi_minor = TTT_ABI_VERSION_MINOR
  d.name = staticCString("mine-swift")
  d.description = staticCString("Example front end in Swift: the board as text")
  d.version = staticCString("1.0.0")
  d.flags = UInt32(TTT_FRONTEND_READS_INPUT | TTT_FRONTEND_WRITES_TERMINAL)
  d.attach = { api, host, info, outInstance in
    guard let api, let host, let info, let outInstance else { return TTT_ERR_INVALID_ARGUMENT }
    if info.pointee.argument == nil, !info.pointee.owns_terminal {
      api.pointee.log(host, TTT_LOG_ERROR.rawValue, "as an observer, give me an output file")
      return TTT_ERR_INVALID_ARGUMENT
    }
    // The host opens the file (or the terminal, for NULL) and closes it after detach.
    guard let output = api.pointee.open_output(host, info.pointee.argument, 0) else {
      api.pointee.log(host, TTT_LOG_ERROR.rawValue, api.pointee.last_error(host))
      return TTT_ERR_INVALID_ARGUMENT
    }
    let mine = Mine(api: api, host: host, output: output)
    let instance = Unmanaged.passRetained(mine).toOpaque()  // released in detach
    mine.subscription = api.pointee.subscribe(
      mine.root, { context in Mine.from(context).render() }, instance)
    mine.render()  // at once: attached mid-game, show the game where it is
    outInstance.pointee = instance
    return TTT_OK
  }
  d.detach = { instance in
    let mine = Unmanaged<Mine>.fromOpaque(instance!).takeRetainedValue()
    mine.api.pointee.unsubscribe(mine.host, mine.subscription)
  }
  // on_input (ABI 1.1 input), on_resize and on_suspend stay NULL; consume_input replaces on_input.
  d.on_settled = { instance, _ in
    Mine.from(instance).isSettling = false  // the host hands the rest of the input again
  }
  d.consume_input = { instance, bytes, length, flags in
    // Borrowed bytes: handled during the call, never kept.
    Mine.from(instance).consume(
      UnsafeBufferPointer(start: bytes, count: length),
      isEnd: flags & UInt32(TTT_INPUT_END) != 0)
  }
  let descriptor = UnsafeMutablePointer<ttt_frontend_descriptor>.allocate(capacity: 1)
  descriptor.initialize(to: d)
  return descriptor
}()

/// The entry symbol the host looks up with dlsym: `@c` exports it under its C name.
@c(tictactoe_frontend_entry)
public func entry() -> UnsafePointer<ttt_frontend_descriptor> {
  UnsafePointer(descriptor)
}
