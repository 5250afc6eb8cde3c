import FrontEndKit
import TicTacToeFrontEndABI

/// The exported descriptor; static storage for the life of the process.
let descriptor = FrontEndDescriptor.make(
  JsonlFrontEnd.self,
  name: "jsonl",
  description: "JSON lines on standard input and output, for scripts, tests and other programs",
  version: "1.0.0",
  flags: UInt32(TTT_FRONTEND_READS_INPUT) | UInt32(TTT_FRONTEND_WRITES_TERMINAL))

/// The entry symbol the host looks up.
@_cdecl("tictactoe_frontend_entry")
public func tictactoeFrontEndEntry() -> UnsafePointer<ttt_frontend_descriptor> {
  descriptor.pointer
}
