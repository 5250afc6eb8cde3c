import Foundation
import TestSupport
import Testing

/// The author's guide stays true (issue 12): its C blocks, one after the other, are a whole
/// front end that compiles with the guide's own build command (warnings as errors) and passes
/// `tictactoe check-frontend`.
@Suite struct GuideTests {
  static let guide = Fixtures.repositoryRoot.appendingPathComponent(
    "Sources/FrontEndKit/FrontEndKit.docc/WritingAFrontEnd.md")

  /// The bodies of the guide's fenced blocks of `language`, in order.
  static func blocks(_ language: String, in text: String) -> [String] {
    var blocks: [String] = []
    var current: [Substring]?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if current == nil, line == "```\(language)" {
        current = []
      } else if current != nil, line == "```" {
        blocks.append(current!.joined(separator: "\n"))
        current = nil
      } else {
        current?.append(line)
      }
    }
    return blocks
  }

  @Test func theGuidesCBlocksAreAFrontEndThatBuildsAndConforms() async throws {
    let text = try String(contentsOf: Self.guide, encoding: .utf8)
    let source = Self.blocks("c", in: text).joined(separator: "\n")
    #expect(source.contains("tictactoe_frontend_entry"))
    // The build command, as the guide gives it (a `cc` line and its continuation).
    let shell = Self.blocks("sh", in: text).joined(separator: "\n")
    let command = try #require(
      shell.range(of: #"cc \$\(pkg-config[^\n]*\\\n[^\n]*"#, options: .regularExpression)
        .map { String(shell[$0]) },
      "the guide has no cc command")
    let include = Fixtures.repositoryRoot.appendingPathComponent(
      "Sources/TicTacToeFrontEndABI/include")
    let build = command.replacingOccurrences(
      of: "$(pkg-config --cflags tictactoe-frontend)", with: "-I '\(include.path)'")
    #expect(build != command, "the command takes its flags from pkg-config")
    let directory = try Fixtures.temporaryDirectory()
    try source.write(
      to: directory.appendingPathComponent("mine.c"), atomically: true, encoding: .utf8)
    let compiled = try await Fixtures.bash(
      build + " -Werror && chmod 755 libmine.so", in: directory)
    #expect(compiled.status == 0, "\(build)\n\(compiled.standardError)")
    let checked = try await Fixtures.bash(#""$T" check-frontend ./libmine.so"#, in: directory)
    #expect(checked.status == 0, "\(checked.standardOutput)\(checked.standardError)")
  }
}
