/// A field's value cut around its cursor when the value is printable ASCII and fits the field
/// whole: every byte is a character one column wide, so the cuts are byte offsets and the
/// widths byte counts, with no grapheme breaking or width look-up (an email typed key by key
/// is drawn on every keystroke). ``Widgets/field(label:value:placeholder:focused:disabled:caret:)``
/// falls back to its own cutting for any other value.
struct FieldPieces {
  /// The text before the cursor.
  let before: String
  /// The character under the cursor: a space at the end, none without a cursor.
  let under: String
  /// The text after the cursor.
  let after: String
  /// The columns the three take.
  let width: Int

  /// The pieces of `value` with the cursor `caret` characters before its end, or `nil` when
  /// `value` is not all printable ASCII or does not fit in ``Widgets/fieldWidth`` columns.
  init?(ascii value: String, caret: Int, showsCursor: Bool) {
    let utf8 = value.utf8
    let count = utf8.count
    guard count < Widgets.fieldWidth else { return nil }
    let isPrintable = utf8.withContiguousStorageIfAvailable { bytes in
      !bytes.contains { $0 < 0x20 || $0 >= 0x7F }
    }
    guard isPrintable == true else { return nil }
    let split = count - min(max(caret, 0), count)
    guard split < count else {
      // The cursor at the end (typing): the value whole, then a space under the cursor.
      before = value
      under = showsCursor ? " " : ""
      after = ""
      width = count + (showsCursor ? 1 : 0)
      return
    }
    let index = utf8.index(utf8.startIndex, offsetBy: split)
    before = String(value[..<index])
    if showsCursor {
      let next = utf8.index(after: index)
      under = String(value[index..<next])
      after = String(value[next...])
    } else {
      under = ""
      after = String(value[index...])
    }
    width = count
  }
}
