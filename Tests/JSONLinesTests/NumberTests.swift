import JSONLines
import Testing

@Suite struct NumberTests {
  let parser = JSONParser()

  @Test(arguments: [
    "0", "-0", "1", "-1", "0.5", "-0.0", "1e5", "1E5", "1e+5", "1e-5", "12.34e-56",
    "123456789012345678901234567890", "1e999999999999", "-1.5E-999999", "0.000000000000000001",
  ])
  func keepsTheLiteralText(text: String) throws {
    #expect(try parser.parse(text) == .number(JSONNumber(text)!))
    #expect(try parser.parse(text).number?.text == text)
    #expect(try parser.parse("[\(text)]").description == "[\(text)]")
  }

  @Test(
    arguments: [
      ("0", 0), ("-0", 0), ("2", 2), ("-2", -2), ("2.0", 2), ("2.000", 2), ("0.2e1", 2),
      ("20e-1", 2), ("200E-2", 2), ("1e3", 1000), ("0e99999999999", 0), ("0.0e-5", 0),
      ("9223372036854775807", Int.max), ("-9223372036854775808", Int.min),
      ("9.223372036854775807e18", Int.max), ("00.5e1", nil),
    ] as [(String, Int?)])
  func readsExactIntegers(text: String, expected: Int?) {
    #expect(JSONNumber(text)?.exactInt == expected)
  }

  @Test(arguments: [
    "0.5", "2.5", "-2.01", "1e-1", "9223372036854775808", "-9223372036854775809",
    "1e19", "1e999999999999", "123456789012345678901234567890", "1e-999999999999",
    "99999999999999999999", "0.1e1000000000000000",
  ])
  func refusesNonIntegersAndOutOfRangeValues(text: String) {
    let number = JSONNumber(text)
    #expect(number != nil)
    #expect(number?.exactInt == nil)
  }

  @Test func readsHugeIntegersFromTheParser() throws {
    let huge = String(repeating: "9", count: 100_000)
    let value = try parser.parse(#"{"n": \#(huge)}"#)
    #expect(value["n"]?.number?.text == huge)
    #expect(value["n"]?.number?.exactInt == nil)
    #expect(value["n"]?.number?.double == .infinity)
  }

  @Test func convertsToDouble() {
    #expect(JSONNumber("0.5")?.double == 0.5)
    #expect(JSONNumber("-1e400")?.double == -.infinity)
    #expect(JSONNumber("1e-400")?.double == 0)
  }

  @Test(arguments: ["", "-", "01", "+1", ".5", "1.", "1e", "NaN", "1 ", " 1", "1x", "--1"])
  func refusesInvalidLiterals(text: String) {
    #expect(JSONNumber(text) == nil)
  }

  @Test func writesIntegers() {
    #expect(JSONNumber(0).text == "0")
    #expect(JSONNumber(Int.min).text == "-9223372036854775808")
  }
}
