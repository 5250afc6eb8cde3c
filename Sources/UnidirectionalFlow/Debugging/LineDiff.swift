/// Compares two multi-line texts, typically ``stateDump(_:)`` outputs, line by line.
///
/// Returns `nil` when the texts are equal. Otherwise returns the lines of a longest-common-
/// subsequence diff, each prefixed with `−` (only in `expected`), `+` (only in `actual`) or a
/// space (in both). Only two unchanged lines of context are kept around each change; longer
/// unchanged runs collapse into a single `  …` line. The caller adds any header, e.g.
/// `(Expected: −, Actual: +)`.
///
/// - Parameters:
///   - expected: The text expected.
///   - actual: The text found.
/// - Returns: The diff lines, or `nil` when the texts are equal.
public func lineDiff(expected: String, actual: String) -> String? {
  guard expected != actual else { return nil }
  let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
  let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
  let edits = diffLines(old, new)
  return render(edits, context: 2)
}

/// One line of a diff and the side(s) it belongs to.
private enum LineEdit {
  case common(Substring)
  case removed(Substring)
  case inserted(Substring)

  var isCommon: Bool {
    if case .common = self { return true }
    return false
  }

  var rendered: String {
    switch self {
    case .common(let line): return " \(line)"
    case .removed(let line): return "\u{2212}\(line)"
    case .inserted(let line): return "+\(line)"
    }
  }
}

/// Computes a minimal line edit script with a longest-common-subsequence table.
private func diffLines(_ old: [Substring], _ new: [Substring]) -> [LineEdit] {
  // lengths[i][j] is the LCS length of old[i...] and new[j...].
  var lengths = Array(repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
  for i in stride(from: old.count - 1, through: 0, by: -1) {
    for j in stride(from: new.count - 1, through: 0, by: -1) {
      lengths[i][j] =
        old[i] == new[j]
        ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
    }
  }

  var edits: [LineEdit] = []
  var i = 0
  var j = 0
  while i < old.count || j < new.count {
    if i < old.count, j < new.count, old[i] == new[j] {
      edits.append(.common(old[i]))
      i += 1
      j += 1
    } else if j == new.count || (i < old.count && lengths[i + 1][j] >= lengths[i][j + 1]) {
      edits.append(.removed(old[i]))
      i += 1
    } else {
      edits.append(.inserted(new[j]))
      j += 1
    }
  }
  return edits
}

/// Renders edits, keeping `context` unchanged lines around changes and eliding the rest.
private func render(_ edits: [LineEdit], context: Int) -> String {
  var keep = Array(repeating: false, count: edits.count)
  for (index, edit) in edits.enumerated() where !edit.isCommon {
    let lower = max(0, index - context)
    let upper = min(edits.count - 1, index + context)
    for kept in lower...upper { keep[kept] = true }
  }

  var lines: [String] = []
  var eliding = false
  for (index, edit) in edits.enumerated() {
    if keep[index] {
      lines.append(edit.rendered)
      eliding = false
    } else if !eliding {
      lines.append("  …")
      eliding = true
    }
  }
  return lines.joined(separator: "\n")
}
