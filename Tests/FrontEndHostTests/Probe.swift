import Foundation
import FrontEndHost
import TestSupport
import TicTacToeFrontEndABI

/// The `probe_*` functions of a compiled `probe.c`, to call the host's routines the way a C
/// front end does.
struct Probe {
  let path: String
  private let handle: UnsafeMutableRawPointer

  /// Compiles a private copy of the probe, with `defines` (`PROBE_ABI_MINOR=3`).
  init(defines: [String] = []) async throws {
    path = try await Fixtures.compile("probe.c", defines: defines)
    guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
      throw ProbeError(message: "cannot open the probe: \(String(cString: dlerror()))")
    }
    self.handle = handle
  }

  struct ProbeError: Error { let message: String }

  func function<T>(_ name: String, as type: T.Type) -> T {
    unsafeBitCast(dlsym(handle, name)!, to: type)
  }

  @discardableResult
  func send(
    _ tag: ttt_action_tag, through feature: ttt_feature = TTT_FEATURE_ROOT, text: String? = nil,
    row: Int32 = 0, column: Int32 = 0
  ) -> ttt_status {
    typealias Send = @convention(c) (UInt32, UInt32, UnsafePointer<CChar>?, Int32, Int32) -> Int32
    let send = function("probe_send", as: Send.self)
    let status =
      if let text {
        text.withCString { send(feature.rawValue, tag.rawValue, $0, row, column) }
      } else {
        send(feature.rawValue, tag.rawValue, nil, row, column)
      }
    return ttt_status(status)
  }

  func sendWithStructSize(_ size: UInt32, _ tag: ttt_action_tag) -> ttt_status {
    let send = function(
      "probe_send_struct_size", as: (@convention(c) (UInt32, UInt32) -> Int32).self)
    return ttt_status(send(size, tag.rawValue))
  }

  func sendNull() -> ttt_status {
    ttt_status(
      function("probe_send_null", as: (@convention(c) () -> Int32).self)())
  }

  func sendThroughGarbageHandle() -> ttt_status {
    let send = function("probe_send_garbage_handle", as: (@convention(c) () -> Int32).self)
    return ttt_status(send())
  }

  func edit(_ field: ttt_text_field, _ edit: ttt_text_edit, _ text: String = "") -> ttt_status {
    typealias Edit = @convention(c) (UInt32, UInt32, UnsafePointer<CChar>?) -> Int32
    let function = function("probe_edit", as: Edit.self)
    return ttt_status(
      text.withCString { function(field.rawValue, edit.rawValue, $0) })
  }

  var lastError: String {
    String(
      cString: function("probe_last_error", as: (@convention(c) () -> UnsafePointer<CChar>).self)())
  }

  var changes: UInt32 { function("probe_changes", as: (@convention(c) () -> UInt32).self)() }
  var gameChanges: UInt32 {
    function("probe_game_changes", as: (@convention(c) () -> UInt32).self)()
  }
  var settled: UInt32 { function("probe_settled", as: (@convention(c) () -> UInt32).self)() }

  /// The payload of the last action event (ABI 1.3), `""` when it had none.
  var lastPayload: String {
    String(
      cString: function(
        "probe_last_payload", as: (@convention(c) () -> UnsafePointer<CChar>).self)())
  }

  /// `keep_note(key, value)`.
  func keepNote(_ value: String?, under key: String) -> ttt_status {
    typealias Keep = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>?) -> Int32
    let keep = function("probe_keep_note", as: Keep.self)
    let status = key.withCString { key in
      if let value { value.withCString { keep(key, $0) } } else { keep(key, nil) }
    }
    return ttt_status(status)
  }

  /// `note(key)`.
  func note(_ key: String) -> String? {
    typealias Note = @convention(c) (UnsafePointer<CChar>) -> UnsafePointer<CChar>?
    return key.withCString { function("probe_note", as: Note.self)($0) }.map {
      String(cString: $0)
    }
  }

  var actions: [String] {
    let text = String(
      cString: function("probe_actions", as: (@convention(c) () -> UnsafePointer<CChar>).self)())
    return text.split(separator: "\n").map(String.init)
  }

  func isActive(_ feature: ttt_feature) -> Bool {
    function("probe_is_active", as: (@convention(c) (UInt32) -> Bool).self)(feature.rawValue)
  }

  /// Reads `feature`'s state struct into `out`, `size` bytes, through the host's `read_*`.
  func read(_ feature: ttt_feature, into out: UnsafeMutableRawPointer, size: Int) -> ttt_status {
    typealias Read = @convention(c) (UInt32, UnsafeMutableRawPointer, UInt32) -> Int32
    let status = function("probe_read", as: Read.self)(feature.rawValue, out, UInt32(size))
    return ttt_status(UInt32(bitPattern: status))
  }

  func readGame() -> (ttt_status, ttt_game_state) {
    var state = ttt_game_state()
    let read = function(
      "probe_read_game", as: (@convention(c) (UnsafeMutablePointer<ttt_game_state>) -> Int32).self)
    let status = read(&state)
    return (ttt_status(status), state)
  }

  /// The scoreboard as the C probe reads it through `standing_size`: "Blob 2, ties 1".
  func scoreboard() -> (ttt_status, String) {
    var buffer = [UInt8](repeating: 0, count: 512)
    typealias Read = @convention(c) (UnsafeMutablePointer<UInt8>, Int) -> Int32
    let status = function("probe_scoreboard", as: Read.self)(&buffer, buffer.count)
    let text = String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
    return (ttt_status(status), text)
  }

  /// How many bytes past the 1.1 size of `ttt_new_game_state` a read with that size changed.
  var newGameBytesChangedPast11: Int {
    function("probe_new_game_bytes_changed_past_1_1", as: (@convention(c) () -> Int).self)()
  }

  func readLogin(structSize: UInt32) -> (ttt_status, ttt_login_state) {
    var state = ttt_login_state()
    typealias Read = @convention(c) (UnsafeMutablePointer<ttt_login_state>, UInt32) -> Int32
    let status = function("probe_read_login", as: Read.self)(&state, structSize)
    return (ttt_status(status), state)
  }

  func readLoginThroughRoot() -> ttt_status {
    var state = ttt_login_state()
    typealias Read = @convention(c) (UnsafeMutablePointer<ttt_login_state>) -> Int32
    return ttt_status(
      function("probe_read_login_through_root", as: Read.self)(&state))
  }

  /// The root state's revision (`UInt64.max` if the read failed).
  var revision: UInt64 { function("probe_revision", as: (@convention(c) () -> UInt64).self)() }

  func request(_ kind: ttt_request, _ argument: String) -> ttt_status {
    typealias Request = @convention(c) (UInt32, UnsafePointer<CChar>?) -> Int32
    let request = function("probe_request", as: Request.self)
    return ttt_status(argument.withCString { request(kind.rawValue, $0) })
  }
}

extension Probe {
  /// The case paths the host describes, in order.
  var actionPaths: [String] {
    let count = function("probe_action_count", as: (@convention(c) () -> Int).self)()
    let path = function(
      "probe_action_path", as: (@convention(c) (Int) -> UnsafePointer<CChar>?).self)
    return (0..<count).compactMap { path($0).map { String(cString: $0) } }
  }

  func actionSignature(_ casePath: String) -> String? {
    let signature = function(
      "probe_action_signature",
      as: (@convention(c) (UnsafePointer<CChar>) -> UnsafePointer<CChar>?).self)
    return casePath.withCString { signature($0) }.map { String(cString: $0) }
  }

  func sendPathCell(_ row: Int32, _ column: Int32) -> ttt_status {
    let send = function("probe_send_path_cell", as: (@convention(c) (Int32, Int32) -> Int32).self)
    return ttt_status(send(row, column))
  }

  func sendPath(_ casePath: String, string: String) -> ttt_status {
    typealias Send = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>) -> Int32
    let send = function("probe_send_path_string", as: Send.self)
    return ttt_status(
      casePath.withCString { path in string.withCString { send(path, $0) } })
  }

  func sendPath(_ casePath: String) -> ttt_status {
    let send = function(
      "probe_send_path_none", as: (@convention(c) (UnsafePointer<CChar>) -> Int32).self)
    return ttt_status(casePath.withCString { send($0) })
  }

  func typedCellTapped(_ row: Int32, _ column: Int32) -> Int32 {
    function("probe_typed_cell_tapped", as: (@convention(c) (Int32, Int32) -> Int32).self)(
      row, column)
  }

  func typedSetEmail(_ value: String) -> Int32 {
    let send = function(
      "probe_typed_set_email", as: (@convention(c) (UnsafePointer<CChar>) -> Int32).self)
    return value.withCString { send($0) }
  }

  var makeSenderRefusesUnknownPaths: Bool {
    function("probe_make_sender_unknown", as: (@convention(c) () -> Bool).self)()
  }

  var fields: [(name: String, feature: UInt32, offset: Int)] {
    typealias Field =
      @convention(c) (
        Int, UnsafeMutablePointer<UInt32>, UnsafeMutablePointer<Int>
      ) -> UnsafePointer<CChar>?
    let field = function("probe_field", as: Field.self)
    var result: [(String, UInt32, Int)] = []
    var index = 0
    while true {
      var feature: UInt32 = 0
      var offset = 0
      guard let name = field(index, &feature, &offset) else { break }
      result.append((String(cString: name), feature, offset))
      index += 1
    }
    return result
  }

  // MARK: ABI 1.2

  /// The raw pointer `make_sender` returns for `casePath`.
  func makeSender(_ casePath: String) -> UnsafeMutableRawPointer? {
    let make = function(
      "probe_make_sender",
      as: (@convention(c) (UnsafePointer<CChar>) -> UnsafeMutableRawPointer?).self)
    return casePath.withCString { make($0) }
  }

  /// Makes the cell sender with `make_typed_sender` and calls it; returns its status and the
  /// function it was given.
  func typedSenderCellTapped(_ row: Int32, _ column: Int32) -> (Int32, UnsafeRawPointer?) {
    typealias Call = @convention(c) (Int32, Int32, UnsafeMutablePointer<ttt_sender?>) -> Int32
    var sender: ttt_sender?
    let status = function("probe_typed_sender_cell_tapped", as: Call.self)(row, column, &sender)
    return (status, sender.map { unsafeBitCast($0, to: UnsafeRawPointer.self) })
  }

  /// `make_typed_sender` for `casePath`: its status.
  func makeTypedSender(_ casePath: String) -> ttt_status {
    typealias Make =
      @convention(c) (UnsafePointer<CChar>, UnsafeMutablePointer<ttt_sender?>) ->
      Int32
    var sender: ttt_sender?
    let status = casePath.withCString {
      function("probe_make_typed_sender", as: Make.self)($0, &sender)
    }
    return ttt_status(status)
  }

  /// `send_values` of a cell tap with elements bigger than the 1.2 `ttt_value`.
  func sendValuesCell(_ row: Int32, _ column: Int32) -> ttt_status {
    let send = function(
      "probe_send_values_cell", as: (@convention(c) (Int32, Int32) -> Int32).self)
    return ttt_status(send(row, column))
  }

  /// `send_values` of one argument with `valueSize` as its element size.
  func sendValues(valueSize: Int) -> ttt_status {
    let send = function("probe_send_values_size", as: (@convention(c) (Int) -> Int32).self)
    return ttt_status(send(valueSize))
  }

  /// The `argument_size` of the description of `casePath`.
  func argumentSize(_ casePath: String) -> Int {
    let size = function(
      "probe_argument_size", as: (@convention(c) (UnsafePointer<CChar>) -> Int).self)
    return casePath.withCString { size($0) }
  }

  /// `redact` of `text` into a buffer of `size` bytes: the buffer's string and the returned
  /// length.
  func redact(_ text: String, size: Int = 256) -> (String, Int) {
    typealias Redact =
      @convention(c) (UnsafePointer<CChar>, UnsafeMutablePointer<CChar>?, Int)
      -> Int
    var buffer = [CChar](repeating: 0x7f, count: max(size, 1))
    let length = text.withCString { text in
      buffer.withUnsafeMutableBufferPointer {
        function("probe_redact", as: Redact.self)(text, size == 0 ? nil : $0.baseAddress, size)
      }
    }
    let text = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    return (size == 0 ? "" : String(decoding: text, as: UTF8.self), length)
  }
}
