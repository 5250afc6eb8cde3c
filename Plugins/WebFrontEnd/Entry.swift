import FrontEndKit
import TicTacToeFrontEndABI

/// The exported descriptor; static storage for the life of the process.
///
/// It reads input only as the terminal owner (after `:frontend web`), for the commands that
/// bring the game back to the terminal; it never draws on a terminal it does not own, so
/// `:attach web` needs no output file.
let descriptor = FrontEndDescriptor.make(
  WebFrontEnd.self,
  name: "web",
  description: "The game in a web browser, served over HTTP on loopback (Server-Sent Events)",
  version: "1.0.0",
  flags: UInt32(TTT_FRONTEND_READS_INPUT))

/// The entry symbol the host looks up.
@_cdecl("tictactoe_frontend_entry")
public func tictactoeFrontEndEntry() -> UnsafePointer<ttt_frontend_descriptor> {
  descriptor.pointer
}
