import FrontEndKit
import TicTacToeFrontEndABI

/// The exported descriptor; static storage for the life of the process.
let descriptor = FrontEndDescriptor.make(
  AnsiFrontEnd.self,
  name: "ansi",
  description: "Full-screen terminal interface: forms, a coloured board, a vim-like command line",
  version: "1.0.0",
  flags: UInt32(TTT_FRONTEND_READS_INPUT) | UInt32(TTT_FRONTEND_WRITES_TERMINAL)
    | UInt32(TTT_FRONTEND_FULL_SCREEN))

/// The entry symbol the host looks up.
@_cdecl("tictactoe_frontend_entry")
public func tictactoeFrontEndEntry() -> UnsafePointer<ttt_frontend_descriptor> {
  descriptor.pointer
}
