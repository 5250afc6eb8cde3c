// Fuzzes the ABI's action validation: arbitrary bytes become `ttt_action` structs (any
// struct_size, tag, text, row and column), `send_path` payloads (a case path and typed values)
// and `edit_text` calls, sent through the host's routine table to a real app store in one of
// the start states. Every call must return a known status, and a refused one must leave the
// state untouched. See Documentation/Reliability.md.
//
// Input: a start-state byte, then records until the input ends, each an operation byte
// followed by its operands (FuzzInput reads zeros past the end).

import FrontEndHost
import FuzzHarness
import FuzzSupport
import Glibc
import TicTacToeAppCore
import TicTacToeFrontEndABI

let fuzzHost = FuzzHost()
let strings = CStringPool()
/// The case paths the host knows, plus near misses, for `send_path`.
let casePaths =
  fuzzHost.host.actions.entries.map(\.casePath) + [
    "", "login", "login.loginResponse.success", "login.twoFactor.twoFactorResponse.failure",
    "newGame.game", "newGame.game.cellTapped.", ".login.view.loginButtonTapped",
  ]
/// Sizes a front end built against another ABI might claim for `ttt_action`.
let actionSizes: [UInt32] = [
  0, 1, 4, 7, 8, 12, 16, 17, 24, 28, UInt32(MemoryLayout<ttt_action>.size),
  UInt32(MemoryLayout<ttt_action>.size) + 8, 4096, .max,
]

/// A text operand: NULL, a slice of the input (NUL-terminated, so it may be cut short by a NUL
/// of its own), or a long text around the host's 64 KiB limit.
@MainActor
func text(_ input: inout FuzzInput) -> UnsafePointer<CChar>? {
  let mode = input.byte()
  switch mode % 8 {
  case 0: return nil
  case 1:
    let length = 65_536 + Int(input.byte() % 3) - 1
    return strings.repeated(input.slice(Int(input.byte() % 8)), length: length)
  default: return strings.string(input.slice(Int(mode / 8)))
  }
}

/// A store handle: one of the session's, or a pointer the host never handed out.
@MainActor
func handle(_ input: inout FuzzInput) -> OpaquePointer? {
  let choice = input.choice(8)
  if let feature = HostFeature(rawValue: UInt32(choice)) { return fuzzHost.handle(feature) }
  switch choice {
  case 5: return nil
  case 6: return fuzzHost.hostPointer  // a ttt_host *, not a ttt_store *
  default: return OpaquePointer(bitPattern: 0x1000)  // never dereferenced: looked up first
  }
}

/// `send` with a `ttt_action` of any claimed size, in a buffer of exactly the bytes the front
/// end owns (at least the `struct_size` field itself).
@MainActor
func send(_ input: inout FuzzInput) {
  let store = handle(&input)
  let sizeChoice = input.byte()
  let structSize =
    sizeChoice < 200 ? actionSizes[Int(sizeChoice) % actionSizes.count] : input.uint32()
  let tagChoice = input.byte()
  let tag = tagChoice < 224 ? UInt32(tagChoice % 20) : input.uint32()
  let row = input.byte() < 200 ? Int32(input.byte() % 5) - 1 : input.int32()
  let column = input.byte() < 200 ? Int32(input.byte() % 5) - 1 : input.int32()
  var action = ttt_action(
    struct_size: structSize, tag: tag, text: text(&input), row: row, column: column)
  let owned = max(4, min(Int(structSize), MemoryLayout<ttt_action>.size + 16))
  let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: owned, alignment: 8)
  defer { buffer.deallocate() }
  buffer.initializeMemory(as: UInt8.self, repeating: 0xA5)
  withUnsafeBytes(of: &action) { bytes in
    buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[..<min(owned, bytes.count)]))
  }
  let pointer =
    input.choice(16) == 0
    ? nil : UnsafePointer(buffer.baseAddress?.assumingMemoryBound(to: ttt_action.self))
  fuzzHost.check("send(tag \(tag), size \(structSize))") {
    fuzzHost.api.pointee.send(store, pointer)
  }
}

/// `send_path` with a known or garbled case path and up to 18 typed values.
@MainActor
func sendPath(_ input: inout FuzzInput) {
  let store = handle(&input)
  let pathChoice = input.byte()
  let path: UnsafePointer<CChar>? =
    switch pathChoice {
    case 0: nil
    case 1...199: strings.string(casePaths[Int(pathChoice) % casePaths.count])
    default: text(&input)
    }
  let count = input.choice(19)
  let values = UnsafeMutablePointer<ttt_value>.allocate(capacity: max(count, 1))
  defer { values.deallocate() }
  for index in 0..<count {
    let typeChoice = input.byte()
    let type = typeChoice < 240 ? UInt32(typeChoice % 8) : input.uint32()
    values[index] = ttt_value(
      type: type, string: text(&input), int32: Int32(Int8(bitPattern: input.byte())),
      boolean: input.byte() & 1 == 1)
  }
  let passed = count > 0 && input.choice(16) == 0 ? nil : values
  fuzzHost.check("send_path(\(count) values)") {
    fuzzHost.api.pointee.send_path(store, path, passed, count)
  }
}

/// `edit_text` on any field with any edit.
@MainActor
func editText(_ input: inout FuzzInput) {
  let store = handle(&input)
  let field = UInt32(input.choice(8))
  let edit = UInt32(input.choice(5))
  let appended = text(&input)
  fuzzHost.check("edit_text(field \(field), edit \(edit))") {
    fuzzHost.api.pointee.edit_text(store, field, edit, appended)
  }
}

let status = fuzz_run(CommandLine.argc, CommandLine.unsafeArgv) { data, size in
  MainActor.assumeIsolated {
    var input = FuzzInput(UnsafeBufferPointer(start: data, count: size))
    fuzzHost.reset(to: StartStates.all[input.choice(StartStates.all.count)])
    var operations = 0
    while !input.isAtEnd, operations < 64 {
      operations += 1
      switch input.choice(3) {
      case 0: send(&input)
      case 1: sendPath(&input)
      default: editText(&input)
      }
      strings.removeAll()
    }
  }
  return 0
}
exit(status)
