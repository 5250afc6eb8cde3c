import JSONLines
import Testing

@Suite struct ParserErrorTests {
  let parser = JSONParser()

  /// The error's description for `text`, or "no error".
  func failure(_ text: String) -> String {
    do {
      _ = try parser.parse(text)
      return "no error"
    } catch {
      return error.description
    }
  }

  @Test(arguments: [
    ("", "invalid JSON at byte 0: expected a value (found the end of the input)"),
    ("   ", "invalid JSON at byte 3: expected a value (found the end of the input)"),
    (#"{"action":"x" "id":1}"#, "invalid JSON at byte 14: expected ',' or '}'"),
    (
      #"{"action":"x""#, "invalid JSON at byte 13: expected ',' or '}' (found the end of the input)"
    ),
    ("[1 2]", "invalid JSON at byte 3: expected ',' or ']'"),
    ("[1,]", "invalid JSON at byte 3: expected a value"),
    (#"{"a":1,}"#, "invalid JSON at byte 7: expected '\"'"),
    ("{a:1}", "invalid JSON at byte 1: expected '\"' or '}'"),
    (#"{"a" 1}"#, "invalid JSON at byte 5: expected ':'"),
    ("'a'", "invalid JSON at byte 0: expected a value"),
    ("tru", "invalid JSON at byte 0: expected a value"),
    ("nul", "invalid JSON at byte 0: expected a value"),
    ("True", "invalid JSON at byte 0: expected a value"),
    ("NaN", "invalid JSON at byte 0: expected a value"),
    ("1 2", "invalid JSON at byte 2: expected the end of the input"),
    ("{} {}", "invalid JSON at byte 3: expected the end of the input"),
    ("// comment\n1", "invalid JSON at byte 0: expected a value"),
    (#"{"a":1,"a":2}"#, "invalid JSON at byte 7: duplicate key"),
    (#"{"a":{"b":1,"b":1}}"#, "invalid JSON at byte 12: duplicate key"),
    ("\u{FEFF}{}", "invalid JSON at byte 0: expected a value"),
  ])
  func rejectsSyntaxErrors(text: String, message: String) {
    #expect(failure(text) == message)
  }

  @Test(arguments: [
    ("-", "invalid JSON at byte 1: expected a digit (found the end of the input)"),
    ("-a", "invalid JSON at byte 1: expected a digit"),
    ("01", "invalid JSON at byte 1: leading zeros are not allowed in numbers"),
    ("-01", "invalid JSON at byte 2: leading zeros are not allowed in numbers"),
    (
      "1.",
      "invalid JSON at byte 2: expected a digit after the decimal point (found the end of the input)"
    ),
    ("1.e5", "invalid JSON at byte 2: expected a digit after the decimal point"),
    (".5", "invalid JSON at byte 0: expected a value"),
    ("+1", "invalid JSON at byte 0: expected a value"),
    ("1e", "invalid JSON at byte 2: expected a digit in the exponent (found the end of the input)"),
    (
      "1e+", "invalid JSON at byte 3: expected a digit in the exponent (found the end of the input)"
    ),
    ("0x10", "invalid JSON at byte 1: expected the end of the input"),
    ("Infinity", "invalid JSON at byte 0: expected a value"),
  ])
  func rejectsMalformedNumbers(text: String, message: String) {
    #expect(failure(text) == message)
  }

  @Test(arguments: [
    (#""abc"#, "invalid JSON at byte 0: unterminated string"),
    (#"["abc\"]"#, "invalid JSON at byte 1: unterminated string"),
    ("\"a\u{0001}b\"", "invalid JSON at byte 2: control characters must be escaped in strings"),
    ("\"a\nb\"", "invalid JSON at byte 2: control characters must be escaped in strings"),
    ("\"a\tb\"", "invalid JSON at byte 2: control characters must be escaped in strings"),
    (#""\x""#, "invalid JSON at byte 2: invalid escape"),
    (#""\'""#, "invalid JSON at byte 2: invalid escape"),
    (#""\u12""#, "invalid JSON at byte 5: expected 4 hexadecimal digits"),
    (#""\u12G4""#, "invalid JSON at byte 5: expected 4 hexadecimal digits"),
    (#""\"#, "invalid JSON at byte 2: unterminated escape (found the end of the input)"),
    (#""\uD83D""#, #"invalid JSON at byte 1: unpaired surrogate \uD83D"#),
    (#""\uD83Dx""#, #"invalid JSON at byte 1: unpaired surrogate \uD83D"#),
    (#""\uD83D\u0041""#, #"invalid JSON at byte 1: unpaired surrogate \uD83D"#),
    (#""\uD83D\uD83D""#, #"invalid JSON at byte 1: unpaired surrogate \uD83D"#),
    (#""\uDE00""#, #"invalid JSON at byte 1: unpaired surrogate \uDE00"#),
  ])
  func rejectsMalformedStrings(text: String, message: String) {
    #expect(failure(text) == message)
  }

  @Test func neverQuotesTheInputsStrings() {
    let secret = "hunter2-\u{1F600}"
    let texts = [
      #"{"value":"\#(secret)" "x":1}"#, #"{"value":"\#(secret)""#, #"["\#(secret)",]"#,
      #"{"\#(secret)":1,"\#(secret)":2}"#, #""\#(secret)\q""#,
    ]
    for text in texts {
      let message = failure(text)
      #expect(message.hasPrefix("invalid JSON at byte"))
      #expect(!message.contains("hunter2"))
    }
  }
}
