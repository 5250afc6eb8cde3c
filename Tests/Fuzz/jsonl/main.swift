// Fuzzes the JSON-lines input path in-process, without the `tictactoe` process: the bytes are
// cut into lines by the front end's LineFramer; each line is parsed (JSONParser), written back
// (JSONWriter) and parsed again, which must give the same value and the same bytes; a parsed
// line is then decoded by the front end's request rules (Request) and, when it is an action,
// sent through the host's routine table to a real app store, where a refused action must leave
// the state untouched. A snapshot command writes the state (StateJSON), which must parse.
// See Documentation/Reliability.md.
//
// Input: JSON lines. A first line holding only a digit picks the start state.

import FrontEndHost
import FrontEndKit
import FuzzHarness
import FuzzSupport
import Glibc
import JSONLines
import TicTacToeFrontEndABI

@testable import JsonlFrontEnd

let fuzzHost = FuzzHost()
let connection = HostConnection(api: fuzzHost.api, host: fuzzHost.hostPointer)
let directory = ActionDirectory(host: connection)
let parser = JSONParser()

/// A value the fast path sent, as the host read it: a string's bytes or an integer.
enum SentValue: Equatable {
  case string([UInt8])
  case int32(Int32)
}

/// The last call to ``capturingAPI``'s `send_values`: its case path and values.
nonisolated(unsafe) var captured: (path: [UInt8], values: [SentValue]?)?

/// The bytes of a C string, without its NUL; a NULL string is a fuzz failure.
func bytes(of string: UnsafePointer<CChar>?) -> [UInt8] {
  guard let string else { fuzzFailure("the fast path sends a NULL string") }
  return Array(UnsafeRawBufferPointer(start: string, count: strlen(string)))
}

/// The host's routine table with `send_values` replaced by a recorder: the fast path's call is
/// captured, and the store gets only what the rules decode.
let capturingAPI: UnsafeMutablePointer<ttt_host_api> = {
  let table = UnsafeMutablePointer<ttt_host_api>.allocate(capacity: 1)
  table.initialize(to: fuzzHost.api.pointee)
  table.pointee.send_values = { _, path, values, count, size in
    var sent: [SentValue]? = []
    for index in 0..<count {
      let value = UnsafeRawPointer(values!).advanced(by: index * size)
        .assumingMemoryBound(to: ttt_value.self).pointee
      switch ttt_type(rawValue: value.type) {
      case TTT_TYPE_STRING: sent?.append(.string(bytes(of: value.string)))
      case TTT_TYPE_INT32: sent?.append(.int32(value.int32))
      default: sent = nil
      }
    }
    captured = (bytes(of: path), sent)
    return TTT_OK
  }
  return table
}()
let capturing = HostConnection(api: capturingAPI, host: fuzzHost.hostPointer)

/// Parses `line`; a value must survive a write and a second parse unchanged, byte for byte.
func roundTrip(_ line: [UInt8]) -> JSONValue? {
  let value: JSONValue
  do {
    value = try parser.parse(line)
  } catch {
    guard (0...line.count).contains(error.offset) else {
      fuzzFailure("error offset \(error.offset) outside a line of \(line.count) bytes")
    }
    guard !error.description.isEmpty else { fuzzFailure("an error without a message") }
    return nil
  }
  var writer = JSONWriter()
  writer.value(value)
  let again: JSONValue
  do {
    again = try parser.parse(writer.bytes)
  } catch {
    fuzzFailure("the writer's output does not parse: \(error) in \(writer.text)")
  }
  guard again == value else { fuzzFailure("parse → write → parse changed the value") }
  var rewriter = JSONWriter()
  rewriter.value(again)
  guard rewriter.bytes == writer.bytes else { fuzzFailure("writing is not stable") }
  guard value.description == writer.text else { fuzzFailure("description differs from writer") }
  checkNumbers(in: value)
  return value
}

/// Every number the parser accepted is a valid literal whose conversions do not trap.
func checkNumbers(in value: JSONValue) {
  switch value {
  case .number(let number):
    guard JSONNumber(number.text) != nil else { fuzzFailure("parsed number fails the grammar") }
    if let integer = number.exactInt, JSONNumber(integer).exactInt != integer {
      fuzzFailure("exactInt does not round-trip")
    }
    _ = number.double
  case .array(let array): array.forEach(checkNumbers)
  case .object(let object):
    for member in object.members { checkNumbers(in: member.value) }
  case .null, .bool, .string: break
  }
}

/// Decodes `value` with the protocol's rules and performs it as the front end would; `line`'s
/// fast path, if it takes the line, must send the intent those rules find with the same values
/// (its call goes to ``capturingAPI``, not to the store).
@MainActor
func perform(_ value: JSONValue, line: [UInt8]) {
  var actionLine = ActionLine()
  captured = nil
  let outcome = line.withUnsafeBufferPointer {
    actionLine.send($0, actions: directory, host: capturing)
  }
  let fast = captured
  if (outcome == nil) != (fast == nil) { fuzzFailure("the fast path's outcome and call disagree") }
  let request: Request
  do {
    request = try Request(decoding: value, actions: directory)
  } catch {
    guard !error.message.isEmpty else { fuzzFailure("a request error without a message") }
    if fast != nil { fuzzFailure("the fast path takes a line the rules refuse: \(error.message)") }
    return
  }
  if let fast {
    let path = String(decoding: fast.path, as: UTF8.self)
    guard case .action(let spec, let arguments) = request.kind, Array(spec.path.utf8) == fast.path
    else { fuzzFailure("the fast path sends \(path), not what the rules find") }
    let expected = arguments.map { argument -> SentValue in
      switch argument {
      case .string(let text): .string(Array(text.utf8))
      case .int32(let integer): .int32(integer)
      }
    }
    guard fast.values == expected else {
      fuzzFailure("the fast path sends \(path) with other values than the rules decode")
    }
  }
  switch request.kind {
  case .action(let spec, let arguments):
    fuzzHost.check("\(spec.path) from a JSON line") {
      connection.send(casePath: spec.path, arguments: arguments) == nil
        ? TTT_OK : TTT_ERR_INVALID_ARGUMENT
    }
  case .command(.snapshot, _):
    var writer = JSONWriter()
    _ = StateJSON(connection).write(connection, to: &writer)
    guard let state = try? parser.parse(writer.bytes), state.object?.count == 1 else {
      fuzzFailure("the state event is not a JSON object with one key: \(writer.text)")
    }
  case .rewind(let seq):
    guard seq > 0 else { fuzzFailure("a rewind to seq \(seq) was accepted") }
  case .command(.settle, _), .command(.quit, _), .command(.frontend, _), .command(.attach, _),
    .command(.detach, _), .command(.history, _), .command(.rewind, _):
    break
  }
}

let status = fuzz_run(CommandLine.argc, CommandLine.unsafeArgv) { data, size in
  MainActor.assumeIsolated {
    var framer = LineFramer(maximumLength: JsonlFrontEnd.maximumLineLength)
    var lines: [LineFramer.Line] = []
    let bytes = UnsafeBufferPointer(start: data, count: size)
    var consumed = 0
    while let (line, end) = framer.next(in: bytes, from: consumed, isEnd: true) {
      guard end > consumed else { fuzzFailure("the framer consumed nothing") }
      consumed = end
      lines.append(line)
    }
    guard consumed == size else {
      fuzzFailure("the framer left \(size - consumed) bytes at the end")
    }
    var start = 0
    if case .text(let first, _) = lines.first, first.count == 1,
      let digit = first.first, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit)
    {
      start = Int(digit - UInt8(ascii: "0"))
    }
    fuzzHost.reset(to: StartStates.all[start % StartStates.all.count])
    for line in lines.prefix(64) {
      guard case .text(let bytes, _) = line, let value = roundTrip(bytes) else { continue }
      perform(value, line: bytes)
    }
  }
  return 0
}
exit(status)
