/// Turns style changes into SGR (Select Graphic Rendition) sequences: the shorter of a diff
/// from the current style (`22` bold and dim off, `24`, `27`, `39`, `49`, and what is added)
/// and a reset followed by everything the new style has (`0;1;31`), in one sequence.
enum GraphicRendition {
  /// Appends the shortest sequence that changes the terminal from style `current` to `next`;
  /// nothing when they are equal.
  static func appendTransition(from current: Style, to next: Style, into bytes: inout [UInt8]) {
    guard current != next else { return }
    if next == .plain {
      bytes.append(contentsOf: ControlSequence.resetStyle.utf8)
      return
    }
    var diff = Parameters(counting: true)
    diff.add(from: current, to: next)
    var reset = Parameters(counting: true)
    reset.add(from: .plain, to: next)
    // `0;` costs two bytes more than the parameters after it.
    let isReset = reset.length + 2 < diff.length
    bytes.append(contentsOf: [0x1B, UInt8(ascii: "[")])
    var parameters = Parameters(counting: false)
    if isReset {
      parameters.append(0, into: &bytes)
      parameters.add(from: .plain, to: next, into: &bytes)
    } else {
      parameters.add(from: current, to: next, into: &bytes)
    }
    bytes.append(UInt8(ascii: "m"))
  }

  /// The parameters that turn one style into another, either counted (their length with
  /// their separators) or written.
  private struct Parameters {
    /// Whether parameters are only counted.
    let counting: Bool
    /// The bytes counted so far.
    private(set) var length = 0
    private var isFirst = true

    init(counting: Bool) {
      self.counting = counting
    }

    /// Counts the parameters from `current` to `next`.
    mutating func add(from current: Style, to next: Style) {
      var unused: [UInt8] = []
      add(from: current, to: next, into: &unused)
    }

    /// Counts or writes the parameters from `current` to `next`: `22` when bold or dim goes
    /// (it ends both), `24`, `27`, `39` and `49` for what goes, then what comes.
    mutating func add(from current: Style, to next: Style, into bytes: inout [UInt8]) {
      let dropsIntensity = (current.isBold && !next.isBold) || (current.isDim && !next.isDim)
      if dropsIntensity { append(22, into: &bytes) }
      if current.isUnderlined && !next.isUnderlined { append(24, into: &bytes) }
      if current.isReversed && !next.isReversed { append(27, into: &bytes) }
      if next.isBold && (dropsIntensity || !current.isBold) { append(1, into: &bytes) }
      if next.isDim && (dropsIntensity || !current.isDim) { append(2, into: &bytes) }
      if next.isUnderlined && !current.isUnderlined { append(4, into: &bytes) }
      if next.isReversed && !current.isReversed { append(7, into: &bytes) }
      if next.foreground != current.foreground {
        append(next.foreground?.foregroundParameter ?? 39, into: &bytes)
      }
      if next.background != current.background {
        append(next.background?.backgroundParameter ?? 49, into: &bytes)
      }
    }

    /// Counts or writes one parameter, after a `;` unless it is the first.
    mutating func append(_ parameter: Int, into bytes: inout [UInt8]) {
      let digits = parameter < 10 ? 1 : parameter < 100 ? 2 : 3
      length += isFirst ? digits : digits + 1
      if !counting {
        if !isFirst { bytes.append(UInt8(ascii: ";")) }
        ControlSequence.appendDecimal(parameter, into: &bytes)
      }
      isFirst = false
    }
  }
}
