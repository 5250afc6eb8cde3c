import TerminalUI
import TicTacToeFrontEndABI

/// A text field being edited: which field, and its text when the front end can read it (not
/// the password, which it only ever edits at its end).
struct EditedField {
  /// The field.
  let field: ttt_text_field
  /// Its text, or `nil` for the password.
  let text: String?
}

extension InterfaceState {
  /// The editing keys of a focused text field, as in a shell's line editor: typing and
  /// backspace at the cursor; ←/→ move it, Ctrl-A or Home to the start, Ctrl-E or End to the
  /// end; Ctrl-U deletes everything before it, Ctrl-W the word before it. The password, which
  /// the front end cannot read, is edited at its end only: there Ctrl-U and Ctrl-W both clear
  /// it (its words are not shown), and the cursor keys stay put. Returns whether `key` was
  /// one of these keys.
  mutating func editField(_ edited: EditedField, with key: Key, intents: inout [Intent]) -> Bool {
    guard let text = edited.text else {
      return editAtTheEnd(edited.field, with: key, intents: &intents)
    }
    caret = min(caret, text.count)
    let split = text.index(text.endIndex, offsetBy: -caret)
    let before = text[..<split]
    let after = text[split...]
    switch key {
    case .character(let character):
      if caret == 0 {
        intents.add(.edit(edited.field, TTT_EDIT_APPEND, text: String(character)))
      } else {
        intents.add(.replace(edited.field, text: String(before) + String(character) + after))
      }
    case .backspace:
      guard !before.isEmpty else { return true }
      if caret == 0 {
        intents.add(.edit(edited.field, TTT_EDIT_DELETE_BACKWARD))
      } else {
        intents.add(.replace(edited.field, text: String(before.dropLast() + after)))
      }
    case .control("u"):
      guard !before.isEmpty else { return true }
      intents.add(
        caret == 0
          ? .edit(edited.field, TTT_EDIT_CLEAR) : .replace(edited.field, text: String(after)))
    case .control("w"):
      let kept = before.dropLast { $0 == " " }.dropLast { $0 != " " }
      guard kept.count != before.count else { return true }
      intents.add(.replace(edited.field, text: String(kept + after)))
    case .control("a"), .home: caret = text.count
    case .control("e"), .end: caret = 0
    case .left: caret = min(text.count, caret + 1)
    case .right: caret = max(0, caret - 1)
    default: return false
    }
    return true
  }

  /// The password's editing keys: typing appends, backspace deletes the last character,
  /// Ctrl-U and Ctrl-W clear it; the cursor keys do nothing.
  private mutating func editAtTheEnd(
    _ field: ttt_text_field, with key: Key, intents: inout [Intent]
  ) -> Bool {
    switch key {
    case .character(let character):
      intents.add(.edit(field, TTT_EDIT_APPEND, text: String(character)))
    case .backspace: intents.add(.edit(field, TTT_EDIT_DELETE_BACKWARD))
    case .control("u"), .control("w"): intents.add(.edit(field, TTT_EDIT_CLEAR))
    case .control("a"), .home, .control("e"), .end, .left, .right: break
    default: return false
    }
    return true
  }
}

extension BidirectionalCollection where SubSequence == Self {
  /// Without the elements at the end that satisfy `predicate`.
  func dropLast(while predicate: (Element) -> Bool) -> SubSequence {
    var result = self
    while let last = result.last, predicate(last) { result = result.dropLast() }
    return result
  }
}
