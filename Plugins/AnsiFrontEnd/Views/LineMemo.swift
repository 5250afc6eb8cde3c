/// A line a view made, kept with what it was made from: a change that leaves those inputs as
/// they were hands back the same line, neither made again nor compared span by span (the same
/// spans compare equal at once).
struct LineMemo<Inputs: Equatable> {
  private var inputs: Inputs?
  private var line = Line.spacer

  /// The line for `inputs`: the kept one when they are the inputs it was made from, else the
  /// one `make` makes, kept from now on.
  mutating func line(for inputs: Inputs, _ make: () -> Line) -> Line {
    if self.inputs != inputs {
      line = make()
      self.inputs = inputs
    }
    return line
  }
}
