import Foundation
import FrontendHost
import TicTacToeFrontendABI

/// The `probe_*` functions of a compiled `probe.c`, to call the host's routines the way a C
/// front end does.
struct Probe {
  let path: String
  private let handle: UnsafeMutableRawPointer

  /// Compiles a private copy of the probe.
  init() throws {
    path = try Fixtures.compile("probe.c")
    guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
      throw ProbeError(message: "cannot open the probe: \(String(cString: dlerror()))")
    }
    self.handle = handle
  }

  struct ProbeError: Error { let message: String }

  private func function<T>(_ name: String, as type: T.Type) -> T {
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
    return ttt_status(rawValue: UInt32(status))
  }

  func sendWithStructSize(_ size: UInt32, _ tag: ttt_action_tag) -> ttt_status {
    let send = function(
      "probe_send_struct_size", as: (@convention(c) (UInt32, UInt32) -> Int32).self)
    return ttt_status(rawValue: UInt32(send(size, tag.rawValue)))
  }

  func sendNull() -> ttt_status {
    ttt_status(
      rawValue: UInt32(function("probe_send_null", as: (@convention(c) () -> Int32).self)()))
  }

  func sendThroughGarbageHandle() -> ttt_status {
    let send = function("probe_send_garbage_handle", as: (@convention(c) () -> Int32).self)
    return ttt_status(rawValue: UInt32(send()))
  }

  func edit(_ field: ttt_text_field, _ edit: ttt_text_edit, _ text: String = "") -> ttt_status {
    typealias Edit = @convention(c) (UInt32, UInt32, UnsafePointer<CChar>?) -> Int32
    let function = function("probe_edit", as: Edit.self)
    return ttt_status(
      rawValue: UInt32(text.withCString { function(field.rawValue, edit.rawValue, $0) }))
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

  var actions: [String] {
    let text = String(
      cString: function("probe_actions", as: (@convention(c) () -> UnsafePointer<CChar>).self)())
    return text.split(separator: "\n").map(String.init)
  }

  func isActive(_ feature: ttt_feature) -> Bool {
    function("probe_is_active", as: (@convention(c) (UInt32) -> Bool).self)(feature.rawValue)
  }

  func readGame() -> (ttt_status, ttt_game_state) {
    var state = ttt_game_state()
    let read = function(
      "probe_read_game", as: (@convention(c) (UnsafeMutablePointer<ttt_game_state>) -> Int32).self)
    let status = read(&state)
    return (ttt_status(rawValue: UInt32(status)), state)
  }

  func readLogin(structSize: UInt32) -> (ttt_status, ttt_login_state) {
    var state = ttt_login_state()
    typealias Read = @convention(c) (UnsafeMutablePointer<ttt_login_state>, UInt32) -> Int32
    let status = function("probe_read_login", as: Read.self)(&state, structSize)
    return (ttt_status(rawValue: UInt32(status)), state)
  }

  func readLoginThroughRoot() -> ttt_status {
    var state = ttt_login_state()
    typealias Read = @convention(c) (UnsafeMutablePointer<ttt_login_state>) -> Int32
    return ttt_status(
      rawValue: UInt32(function("probe_read_login_through_root", as: Read.self)(&state)))
  }

  func request(_ kind: ttt_request, _ argument: String) -> ttt_status {
    typealias Request = @convention(c) (UInt32, UnsafePointer<CChar>?) -> Int32
    let request = function("probe_request", as: Request.self)
    return ttt_status(rawValue: UInt32(argument.withCString { request(kind.rawValue, $0) }))
  }
}
