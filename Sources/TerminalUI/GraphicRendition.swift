/// Turns style changes into SGR (Select Graphic Rendition) sequences, sending only what
/// changed when the new style adds to the current one.
enum GraphicRendition {
  /// Appends the sequence that changes the terminal from style `current` to `next`; nothing
  /// when they are equal.
  static func appendTransition(from current: Style, to next: Style, into bytes: inout [UInt8]) {
    guard current != next else { return }
    if next == .plain {
      bytes.append(contentsOf: ControlSequence.resetStyle.utf8)
      return
    }
    let dropsAttribute =
      (current.isBold && !next.isBold) || (current.isDim && !next.isDim)
      || (current.isUnderlined && !next.isUnderlined) || (current.isReversed && !next.isReversed)
    let base = dropsAttribute ? Style.plain : current
    bytes.append(contentsOf: [0x1B, UInt8(ascii: "[")])
    var isFirst = true
    // The parameters in order, separated by `;`, written straight into `bytes`.
    func append(_ parameter: Int) {
      if !isFirst { bytes.append(UInt8(ascii: ";")) }
      isFirst = false
      ControlSequence.appendDecimal(parameter, into: &bytes)
    }
    if dropsAttribute { append(0) }
    if next.isBold && !base.isBold { append(1) }
    if next.isDim && !base.isDim { append(2) }
    if next.isUnderlined && !base.isUnderlined { append(4) }
    if next.isReversed && !base.isReversed { append(7) }
    if next.foreground != base.foreground { append(next.foreground?.foregroundParameter ?? 39) }
    if next.background != base.background { append(next.background?.backgroundParameter ?? 49) }
    bytes.append(UInt8(ascii: "m"))
  }
}
