import Foundation
import TestSupport
import Testing

/// cargo, where the Rust example is built: the first on the PATH, else
/// `$HOME/.cargo/bin/cargo` (where rustup puts it); `nil` when neither is there.
private let cargo: String? = {
  let environment = ProcessInfo.processInfo.environment
  let directories =
    (environment["PATH"] ?? "").split(separator: ":").map(String.init)
    + (environment["HOME"].map { ["\($0)/.cargo/bin"] } ?? [])
  return directories.map { "\($0)/cargo" }.first {
    FileManager.default.isExecutableFile(atPath: $0)
  }
}()

/// The Rust example (`Examples/RustFrontEnd`, issue 25 item 6): its `#[repr(C)]` mirrors lay
/// out every struct of the header as a C compiler does, and the library it builds conforms,
/// plays, observes and switches. Skipped where cargo is not installed.
@Suite(.enabled(if: cargo != nil, "cargo is neither on the PATH nor in $HOME/.cargo/bin"))
struct RustFrontEndTests {
  static let crate = Fixtures.repositoryRoot.appendingPathComponent("Examples/RustFrontEnd")
  static let header = Fixtures.repositoryRoot.appendingPathComponent(
    "Sources/TicTacToeFrontEndABI/include/tictactoe_frontend.h")

  /// Runs cargo with `arguments` in the crate (whose `.cargo/config.toml` puts its target
  /// directory under `.build/rust`, shared by every run); fails the test if cargo fails.
  static func runCargo(_ arguments: String) async throws -> String {
    let cargo = try #require(cargo)
    let directory = (cargo as NSString).deletingLastPathComponent
    let result = try await Fixtures.bash(
      "PATH='\(directory)':\"$PATH\" cargo \(arguments) --release --offline --quiet", in: crate)
    try #require(result.status == 0, "cargo \(arguments): \(result.standardError)")
    return result.standardOutput
  }

  /// The library, built, copied into a directory of its own under the name cargo gives it
  /// (`libtictactoe_rust.so`, which the host finds as the front end `rust`).
  static func builtLibraryDirectory() async throws -> URL {
    _ = try await runCargo("build --lib")
    let built = Fixtures.repositoryRoot.appendingPathComponent(
      ".build/rust/release/libtictactoe_rust.so")
    let directory = try Fixtures.temporaryDirectory()
    let copy = directory.appendingPathComponent("libtictactoe_rust.so")
    try FileManager.default.copyItem(at: built, to: copy)
    try #require(chmod(copy.path, 0o755) == 0)
    return directory
  }

  /// Prints, from C, what the Rust mirror printed of itself (`examples/layouts.rs`): the size
  /// of each struct it names, the offset of each field, the value of each constant. A name
  /// the header lacks fails to compile; a different layout prints differently.
  static func cProgram(printing rustLines: [Substring]) -> String {
    var program = "#include <stddef.h>\n#include <stdio.h>\n#include \"tictactoe_frontend.h\"\n"
    program += "int main(void) {\n"
    for line in rustLines {
      let words = line.split(separator: " ")
      switch (words.first, words.count) {
      case ("size", 3):
        program += "  printf(\"size \(words[1]) %zu\\n\", sizeof(\(words[1])));\n"
      case ("offset", 4):
        program +=
          "  printf(\"offset \(words[1]) \(words[2]) %zu\\n\", offsetof(\(words[1]), \(words[2])));\n"
      case ("constant", 3):
        program +=
          "  printf(\"constant \(words[1]) %lu\\n\", (unsigned long)(\(words[1])));\n"
      default:
        program += "#error unexpected line from the layouts example: \(line)\n"
      }
    }
    return program + "  return 0;\n}\n"
  }

  /// The members of each struct the header defines (`typedef struct NAME { ... } NAME;`), in
  /// order: the name of each declaration, `(*name)` for a routine.
  static func headerMembers(_ header: String) -> [String: [String]] {
    let code = header.replacing(#/\/\*[\s\S]*?\*\//#, with: "")
    var members: [String: [String]] = [:]
    for match in code.matches(of: #/typedef struct (\w+) \{([^}]*)\}/#) {
      members[String(match.output.1)] = match.output.2.split(separator: ";").compactMap {
        let declaration = $0.trimmingCharacters(in: .whitespacesAndNewlines)
        let name =
          declaration.firstMatch(of: #/\(\*\s*(\w+)\s*\)/#)?.output.1
          ?? declaration.replacing(#/\[.*\]/#, with: "").firstMatch(of: #/(\w+)\s*$/#)?.output.1
        return name.map(String.init)
      }
    }
    return members
  }

  /// The mirrors follow the header's growth rule: a struct may end before the header's does
  /// (structs grow only at the end, and a front end built against an older header stays
  /// valid), which is a warning to catch up; every field it has is named and placed as C
  /// places it, and a complete mirror has C's size.
  @Test func itsStructsAndConstantsAreTheHeaders() async throws {
    let rustLines = try await Self.runCargo("run --example layouts").split(separator: "\n")
    let header = try String(contentsOf: Self.header, encoding: .utf8)
    let members = Self.headerMembers(header)
    #expect(members.count >= 15, "\(members.keys.sorted())")
    var complete: Set<Substring> = []
    for (name, headerFields) in members {
      let rustFields = rustLines.compactMap { line -> Substring? in
        let words = line.split(separator: " ")
        return words.count == 4 && words[0] == "offset" && words[1] == name ? words[2] : nil
      }
      #expect(!rustFields.isEmpty, "\(name) is not mirrored in Examples/RustFrontEnd/src/abi.rs")
      #expect(
        headerFields.starts(with: rustFields.map(String.init)),
        "\(name): the mirror has \(rustFields), the header \(headerFields)")
      if rustFields.count == headerFields.count {
        complete.insert(Substring(name))
      } else if !rustFields.isEmpty {
        let (file, missing) = ("Examples/RustFrontEnd/src/abi.rs", headerFields[rustFields.count])
        Issue.record(
          "\(file): \(name) ends before \(missing), which the header added: mirror it",
          severity: .warning)
      }
    }
    #expect(rustLines.contains("constant TTT_ERR_DISABLED 8"))

    let directory = try Fixtures.temporaryDirectory()
    try Self.cProgram(printing: rustLines).write(
      to: directory.appendingPathComponent("layouts.c"), atomically: true, encoding: .utf8)
    let include = Self.header.deletingLastPathComponent().path
    let compiled = try await Fixtures.bash(
      "cc -std=c11 -Wall -Werror -I '\(include)' layouts.c -o layouts", in: directory)
    try #require(compiled.status == 0, "\(compiled.standardError)")
    let c = try await Fixtures.bash("./layouts", in: directory)
    #expect(c.status == 0)
    let cLines = c.standardOutput.split(separator: "\n")
    #expect(cLines.count == rustLines.count)
    for (rustLine, cLine) in zip(rustLines, cLines) where rustLine != cLine {
      // "size NAME N": a mirror that ends early is no larger than the header's struct.
      let rustWords = rustLine.split(separator: " ")
      let cWords = cLine.split(separator: " ")
      if rustWords.count == 3, rustWords[0] == "size", !complete.contains(rustWords[1]),
        cWords.count == 3, cWords[1] == rustWords[1], let rustSize = Int(rustWords[2]),
        let cSize = Int(cWords[2]), rustSize <= cSize
      {
        continue
      }
      Issue.record("Rust: \(rustLine), C: \(cLine)")
    }
  }

  /// The crate's own unit tests: a panic becomes the callback's fallback status, and lines
  /// become the intents and requests they name.
  @Test func itsOwnTestsPass() async throws {
    let output = try await Self.runCargo("test")
    #expect(output.contains("test result: ok."), "\(output)")
  }

  @Test func itConformsPlaysObservesAndSwitches() async throws {
    let directory = try await Self.builtLibraryDirectory()
    let checked = try await Fixtures.bash(
      #""$T" check-frontend ./libtictactoe_rust.so"#, in: directory)
    #expect(checked.status == 0, "\(checked.standardOutput)\(checked.standardError)")

    // Found by name in --frontend-dir; the host's refusal is shown; `:frontend text` hands
    // the rest of the input to text, whose screen differs ("Play again?").
    let script = [
      "email blob@pointfree.co", "password password", "login", "x Blob", "o Blob Jr", "play",
      "1 1", "1 1", "2 1", "1 2", "2 2", "1 3", ":frontend text", "help",
    ].joined(separator: "\n")
    let played = try await Fixtures.bash(
      "printf '%s\\n' '\(script)' | \"$T\" --frontend-dir . --frontend rust", in: directory)
    #expect(played.status == 0, "\(played.standardError)")
    let output = played.standardOutput
    #expect(output.contains("== Login =="))
    #expect(output.contains("Password: ********\n"))
    #expect(output.contains("! row 1, column 1 is taken"))
    let won = try #require(
      output.range(of: "== Winner! Congrats Blob! ==\n     1   2   3\n 1   X | X | X"))
    #expect(output[won.upperBound...].contains("Play again?"), "text took over after the win")

    // As an observer of text, it writes each screen to the file named by its argument.
    let watched = try await Fixtures.bash(
      "printf 'email blob@pointfree.co\\npassword password\\nlogin\\nx A\\no B\\nplay\\n2 2\\n' "
        + "| \"$T\" --frontend-dir . --frontend text --frontend rust:watched.txt >/dev/null",
      in: directory)
    #expect(watched.status == 0, "\(watched.standardError)")
    let file = try String(
      contentsOf: directory.appendingPathComponent("watched.txt"), encoding: .utf8)
    #expect(file.hasPrefix("== Login =="))
    #expect(
      file.hasSuffix(
        "== B, place your O ==\n     1   2   3\n 1     |   |  \n    ---+---+---\n 2     | X |  \n    ---+---+---\n 3     |   |  \nCommands: ROW COLUMN, quit\n"
      ))
  }
}
