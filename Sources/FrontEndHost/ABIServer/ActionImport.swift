import DynamicCall
import Glibc
import TicTacToeAppCore
import TicTacToeFrontEndABI

/// Turns what a front end sends (a `ttt_action`, or a case path with typed values) into an app
/// action, validating everything first: the intent, the payload, which feature the handle is
/// scoped to, and whether that feature is on screen.
///
/// This is the trust boundary of the ABI: a front end is third-party code, so nothing it sends
/// reaches the store unless it is a well-formed user intent for a feature that is active.
enum ActionImport {
  /// The longest text an argument may have, in bytes.
  static let maximumTextLength = 64 * 1024

  /// A decoded intent: its catalog entry and the app action.
  typealias Decoded = (entry: ActionCatalog.Entry, action: TicTacToe.Action)

  /// Decodes a `ttt_action` (checks that need no state; safe on any thread).
  static func action(
    from action: ttt_action, through handle: HostFeature, catalog: ActionCatalog
  ) throws(HostCallError) -> Decoded {
    guard let entry = catalog.entry(tag: action.tag) else {
      throw .unknown("unknown action tag \(action.tag)")
    }
    var integers = [action.row, action.column].makeIterator()
    var arguments: [CValue] = []
    for argument in entry.arguments {
      switch argument.type {
      case .string:
        guard let pointer = action.text else {
          throw .invalid("\(entry.casePath) needs a text, but text is NULL")
        }
        arguments.append(.string(try string(pointer)))
      default:
        arguments.append(.int32(integers.next() ?? 0))
      }
    }
    try check(entry, through: handle)
    return (entry, try catalog.action(entry, arguments: arguments).get())
  }

  /// Decodes a case path with typed values (`send_path`, `make_sender`).
  static func action(
    casePath: String, arguments: [CValue], through handle: HostFeature, catalog: ActionCatalog
  ) throws(HostCallError) -> Decoded {
    guard let entry = catalog.entry(casePath: casePath) else {
      throw .unknown("unknown action '\(casePath)'")
    }
    return try action(entry, arguments: arguments, through: handle, catalog: catalog)
  }

  /// Decodes the intent of `entry`, found in `catalog`, with typed values.
  static func action(
    _ entry: ActionCatalog.Entry, arguments: [CValue], through handle: HostFeature,
    catalog: ActionCatalog
  ) throws(HostCallError) -> Decoded {
    try check(entry, through: handle)
    return (entry, try catalog.action(entry, arguments: arguments).get())
  }

  /// Decodes the intent of `entry`, found in `catalog`, with typed values held by the caller:
  /// the action alone, which the caller sends with the entry it has (no pair copied).
  static func action(
    _ entry: ActionCatalog.Entry, arguments: UnsafeBufferPointer<CValue>,
    through handle: HostFeature, catalog: ActionCatalog
  ) throws(HostCallError) -> TicTacToe.Action {
    try check(entry, through: handle)
    return try catalog.action(entry, arguments: arguments).get()
  }

  /// Calls `body` with the `count` values a front end passed at `values` (`send_values`),
  /// `valueSize` bytes apart, as `CValue`s on the stack: of each element, the fields that lie
  /// within `valueSize` are read; each string is checked and copied once.
  static func withArguments<R>(
    _ values: UnsafeRawPointer?, count: Int, valueSize: Int,
    _ body: (UnsafeBufferPointer<CValue>) throws(HostCallError) -> R
  ) throws(HostCallError) -> R {
    let result = withUnsafeTemporaryAllocation(of: CValue.self, capacity: count) { buffer in
      var initialized = 0
      defer { UnsafeMutableBufferPointer(rebasing: buffer[..<initialized]).deinitialize() }
      return Result { () throws(HostCallError) in
        for index in 0..<count {
          buffer.initializeElement(
            at: index, to: try argument(index, at: values! + index * valueSize))
          initialized += 1
        }
        return try body(UnsafeBufferPointer(buffer))
      }
    }
    return try result.get()
  }

  /// The `ttt_value` at `pointer`, argument `index` of a `send_values`, as a `CValue`.
  private static func argument(
    _ index: Int, at pointer: UnsafeRawPointer
  ) throws(HostCallError) -> CValue {
    var value = ttt_value()
    withUnsafeMutableBytes(of: &value) { bytes in
      bytes.copyMemory(
        from: UnsafeRawBufferPointer(start: pointer, count: MemoryLayout<ttt_value>.size))
    }
    switch ttt_type(rawValue: value.type) {
    case TTT_TYPE_STRING:
      guard let string = value.string else {
        throw .invalid("argument \(index + 1) is a NULL string")
      }
      return .string(try ActionImport.string(string))
    case TTT_TYPE_INT32: return .int32(value.int32)
    case TTT_TYPE_BOOL: return .bool(value.boolean)
    default: throw .invalid("argument \(index + 1) has unknown type \(value.type)")
    }
  }

  /// The entry of `catalog` whose case path is the C string `path` (read up to
  /// ``maximumTextLength`` bytes), found by its bytes: no `String` is made of them.
  static func entry(
    casePath path: UnsafePointer<CChar>, in catalog: ActionCatalog
  ) -> ActionCatalog.Entry? {
    catalog.entry(
      casePath: UnsafeRawBufferPointer(start: path, count: strnlen(path, maximumTextLength + 1)))
  }

  /// A bounded, valid UTF-8 string from a front end's pointer.
  static func string(_ pointer: UnsafePointer<CChar>) throws(HostCallError) -> String {
    let length = strnlen(pointer, maximumTextLength + 1)
    guard length <= maximumTextLength else {
      throw .invalid("text is longer than \(maximumTextLength) bytes")
    }
    let bytes = UnsafeRawBufferPointer(start: pointer, count: length).bindMemory(to: UInt8.self)
    // Decoding repairs invalid UTF-8 with U+FFFD, so the text is valid exactly when the string
    // holds the same bytes. (`String(validating:)` runs unspecialized here and looks up
    // generic metadata on every call: twice for every action sent. `elementsEqual` compared
    // byte by byte, 1 300 instructions per action: `memcmp` compares words.)
    var string = String(decoding: bytes, as: UTF8.self)
    let isValid = string.withUTF8 { decoded in
      decoded.count == length
        && (length == 0 || memcmp(decoded.baseAddress!, bytes.baseAddress!, length) == 0)
    }
    guard isValid else { throw .invalid("text is not valid UTF-8") }
    return string
  }

  private static func check(
    _ entry: ActionCatalog.Entry, through handle: HostFeature
  ) throws(HostCallError) {
    guard entry.feature.isWithin(handle) else {
      throw .wrongFeature(
        "\(entry.casePath) belongs to \(entry.feature.displayName), but the handle is scoped "
          + "to \(handle.displayName)")
    }
  }

  /// Checks that the action's feature is the topmost screen in `state`, and that the alert it
  /// dismisses is shown. Only the screen on top takes intents: a form hidden under two-factor,
  /// or the new-game screen under a game, is refused, whatever front end sends to it.
  static func checkActive(
    _ entry: ActionCatalog.Entry, in state: TicTacToe.State
  ) throws(HostCallError) {
    try entry.feature.checkShown(in: state)
    if let cover = entry.feature.cover(in: state) {
      throw .inactive(
        "\(entry.casePath) is for \(entry.feature.displayName), which \(cover.displayName) "
          + "covers; only the screen on top takes intents")
    }
    if let refusal = entry.refusal?(state) { throw .inactive(refusal) }
  }
}
