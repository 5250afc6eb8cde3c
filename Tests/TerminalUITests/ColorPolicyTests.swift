import Testing

@testable import TerminalUI

@Suite struct ColorPolicyTests {
  @Test func noColorDisablesColours() {
    #expect(ColorPolicy.colorsEnabled(environment: [:]))
    #expect(ColorPolicy.colorsEnabled(environment: ["NO_COLOR": ""]))
    #expect(!ColorPolicy.colorsEnabled(environment: ["NO_COLOR": "1"]))
  }

  @Test func withoutColoursOnlyAttributesAreSent() {
    var frame = Frame(columns: 8, rows: 2)
    frame.put("X", row: 0, column: 0, style: Style(foreground: .red, bold: true))
    frame.put("O", row: 1, column: 0, style: Style(foreground: .blue, background: .white))
    frame.put("cur", row: 1, column: 2, style: Style(background: .yellow, reverse: true))
    var renderer = Renderer(colors: false)
    let output = String(decoding: renderer.render(frame), as: UTF8.self)
    #expect(output == "\u{1B}[m\u{1B}[H\u{1B}[2J\u{1B}[1mX\r\n\u{1B}[mO \u{1B}[7mcur")
  }

  @Test func colourOnlyChangesAreInvisibleWithoutColours() {
    var renderer = Renderer(colors: false)
    var before = Frame(columns: 3, rows: 1)
    before.put("abc", row: 0, column: 0, style: Style(foreground: .red))
    _ = renderer.render(before)
    var after = Frame(columns: 3, rows: 1)
    after.put("abc", row: 0, column: 0, style: Style(foreground: .green))
    let output = renderer.render(after)
    // The cells are rewritten (their style changed) but no colour parameter is sent.
    #expect(!String(decoding: output, as: UTF8.self).contains("3"))
  }
}
