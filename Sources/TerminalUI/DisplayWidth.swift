extension Character {
  /// The number of terminal columns this grapheme takes: 0 for control and zero-width
  /// characters, 2 for East Asian wide and emoji characters, 1 otherwise.
  ///
  /// An approximation of `wcwidth` that needs no locale: good enough to keep player names with
  /// emoji or CJK from breaking the layout.
  public var terminalWidth: Int {
    guard let first = unicodeScalars.first else { return 0 }
    if isControl(first.value) { return 0 }
    if unicodeScalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
    if isZeroWidth(first.value) { return 0 }
    return isWide(first.value) ? 2 : 1
  }

  /// Whether drawing this character could move the cursor or change the terminal's state.
  var isTerminalControl: Bool {
    unicodeScalars.contains { isControl($0.value) }
  }
}

/// The columns the scalar `value` takes when it is sure to be a grapheme on its own, whatever
/// comes before or after it: printable ASCII, Latin-1 and Latin Extended, general punctuation,
/// arrows, technical symbols, box drawing and geometric shapes, none of which a grapheme
/// extends. `nil` for any other scalar, which needs the grapheme rules (``Character``).
func standaloneWidth(_ value: UInt32) -> Int? {
  switch value {
  // None of these is wide: no look-up.
  case 0x20..<0x7F, 0xA0..<0x300, 0x2010...0x2027, 0x2030...0x205E: 1
  case 0x2190...0x23FF, 0x2500...0x25FF: isWide(value) ? 2 : 1
  default: nil
  }
}

private func isControl(_ value: UInt32) -> Bool {
  value < 0x20 || (0x7F...0x9F).contains(value)
}

private func isZeroWidth(_ value: UInt32) -> Bool {
  (0x200B...0x200F).contains(value) || (0x2028...0x202E).contains(value)
    || (0x2060...0x206F).contains(value) || value == 0xFEFF
    || (0x0300...0x036F).contains(value)
}

private let wideRanges: [ClosedRange<UInt32>] = [
  0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0,
  0x23F3...0x23F3, 0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F,
  0x2693...0x2693, 0x26A1...0x26A1, 0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5,
  0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA, 0x26F2...0x26F3, 0x26F5...0x26F5,
  0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B, 0x2728...0x2728,
  0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
  0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55,
  0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
  0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
  0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F004...0x1F004, 0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E,
  0x1F191...0x1F19A, 0x1F200...0x1F251, 0x1F300...0x1F64F, 0x1F680...0x1F6FF,
  0x1F7E0...0x1F7EB, 0x1F900...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x2FFFD,
  0x30000...0x3FFFD,
]

private func isWide(_ value: UInt32) -> Bool {
  guard value >= 0x1100 else { return false }
  // The ranges are in order: the first that does not end below `value` decides.
  for range in wideRanges where value <= range.upperBound {
    return value >= range.lowerBound
  }
  return false
}
