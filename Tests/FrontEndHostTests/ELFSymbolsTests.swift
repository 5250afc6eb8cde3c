import Foundation
import FrontEndConformance
import FrontEndHost
import TestSupport
import Testing

/// The `nm -D`-like reader behind the exports check.
@Suite struct ELFSymbolsTests {
  @Test func listsTheDefinedGlobalSymbols() async throws {
    let path = try await Fixtures.compile("misbehaving.c", defines: ["MISBEHAVE_EXPORTS_EXTRA"])
    let symbols = try ELFSymbols(contentsOf: path)
    #expect(
      symbols.interface.map(\.name).sorted() == [
        "misbehaving_render_count", "misbehaving_renders", "tictactoe_frontend_entry",
      ])
    let renders = symbols.interface.first { $0.name == "misbehaving_renders" }
    #expect(renders?.type == 1)  // STT_OBJECT
    #expect(renders?.binding == 1)  // STB_GLOBAL
    // Undefined symbols (open, write, calloc...) are imports, not exports.
    #expect(!symbols.defined.contains { $0.name == "calloc" })
  }

  @Test func leavesOutStaticFunctions() async throws {
    let symbols = try ELFSymbols(contentsOf: try await Fixtures.compile("misbehaving.c"))
    #expect(symbols.interface.map(\.name) == ["tictactoe_frontend_entry"])
  }

  @Test(arguments: ["text", "jsonl", "ansi"])
  func stockFrontEndsExportOnlyTheEntrySymbol(name: String) throws {
    let symbols = try ELFSymbols(contentsOf: try Fixtures.stockFrontEnd(name))
    #expect(symbols.interface.map(\.name) == ["tictactoe_frontend_entry"])
  }

  @Test func refusesWhatIsNotELF() throws {
    let text = Array("just some text, long enough to have a header".utf8)
    let error = #expect(throws: ELFSymbols.ReadError.self) {
      try ELFSymbols(bytes: text + [UInt8](repeating: 0, count: 64))
    }
    #expect(error?.description == "it is not an ELF file")
  }

  @Test func refusesATruncatedFile() async throws {
    let bytes = [UInt8](
      try Data(contentsOf: URL(fileURLWithPath: try await Fixtures.compile("misbehaving.c"))))
    #expect(throws: ELFSymbols.ReadError.self) {
      try ELFSymbols(bytes: Array(bytes.prefix(200)))
    }
  }
}
