import TableKit
import TableKitRecords
import Testing

@Suite struct JSONNumberReadingTests {
  @Test func keepsIntegersBeyondSixtyFourBitsDigitForDigit() throws {
    #expect(
      try readNumber("123456789012345678901234567890")?.text == "123456789012345678901234567890")
    #expect(try readNumber("-9223372036854775809")?.text == "-9223372036854775809")
    #expect(try readNumber("18446744073709551616")?.text == "18446744073709551616")
    #expect(
      try readNumber("99999999999999999999999999999999999999")
        == .exactDecimal(try ExactDecimal("99999999999999999999999999999999999999")))
  }

  @Test func integersThatFitIntStayIntegers() throws {
    #expect(try readNumber("9223372036854775807") == .integer(.max))
    #expect(try readNumber("-9223372036854775808") == .integer(.min))
    #expect(try readNumber("0") == .integer(0))
    #expect(try readNumber("42") == .integer(42))
    #expect(try readNumber("-123456789012345678") == .integer(-123_456_789_012_345_678))
  }

  @Test func decimalsKeepTheirDigitsAndTrailingZeros() throws {
    #expect(try readNumber("100.10") == .exactDecimal(try ExactDecimal("100.10")))
    #expect(try readNumber("100.10")?.text == "100.10")
    #expect(try readNumber("90071992547409.93")?.text == "90071992547409.93")
    #expect(try readNumber("-0.000001")?.text == "-0.000001")
    #expect(
      try readNumber("0.12345678901234567890123456789012345678")?.text
        == "0.12345678901234567890123456789012345678")
    #expect(try readNumber("1.0") != readNumber("1.00"))
  }

  @Test(arguments: [
    ("1.5e3", "1500"), ("2.50E-3", "0.00250"), ("1e0", "1"), ("12E+2", "1200"),
    ("1e-20", "0.00000000000000000001"), ("1.5e-16", "0.00000000000000015"),
    ("-4.2e1", "-42"), ("1e37", "10000000000000000000000000000000000000"),
  ])
  func exponentFormsAreWrittenOut(written: String, shown: String) throws {
    let cell = try readNumber(written)
    #expect(cell?.text == shown)
    guard case .exactDecimal = cell else {
      Issue.record("\(written) read as \(String(describing: cell)), not an exact decimal")
      return
    }
  }

  @Test func negativeZeroHasNoSign() throws {
    #expect(try readNumber("-0") == .integer(0))
    #expect(try readNumber("-0.0")?.text == "0.0")
    #expect(try readNumber("-0.00e5")?.text == "0")
    #expect(try readNumber("-0e-3")?.text == "0.000")
  }

  @Test func aNumberTooLargeToKeepIsAnErrorSayingHowManyDigitsItNeeds() throws {
    let error = try #require(readingError(#"{"columns": ["n"], "rows": [[1e400]]}"#))
    #expect(error.position == JSONPosition(byteOffset: 29, line: 1, column: 30))
    #expect(
      error.description
        == "t.json:1:30: the number 1e400 needs 401 digits; tablekit keeps numbers exactly and "
        + "holds at most 38")
    let wide = try #require(
      readingError(#"{"columns": ["n"], "rows": [[-123456789012345678901234567890123456789]]}"#))
    #expect(
      wide.message.hasPrefix("the number -123456789012345678901234567890123456789 needs 39 digits"))
  }

  @Test func aNumberTooSmallToKeepIsAnErrorSayingHowManyDigitsFollowThePoint() throws {
    let error = try #require(readingError("{\"columns\": [\"n\"],\n\"rows\": [[1e-400]]}"))
    #expect(error.position == JSONPosition(byteOffset: 29, line: 2, column: 11))
    #expect(
      error.description
        == "t.json:2:11: the number 1e-400 has 400 digits after the point; tablekit keeps "
        + "numbers exactly and holds at most 38")
    #expect(
      readingError(#"{"columns": ["n"], "rows": [[0.000000000000000000000000000000000000001]]}"#)?
        .message.contains("39 digits after the point") == true)
  }

  @Test(arguments: [
    ("+1", "a number has no plus sign"),
    ("01", "a number cannot start with 0 followed by more digits"),
    ("-01", "a number cannot start with 0 followed by more digits"),
    (".5", "a number needs a digit before its point"),
    ("5.", "a decimal point must be followed by a digit"),
    ("5.e3", "a decimal point must be followed by a digit"),
    ("-", "a minus sign must be followed by a digit"),
    ("-x", "a minus sign must be followed by a digit"),
    ("1e", "an exponent must have digits after its e"),
    ("1e+", "an exponent must have digits after its e"),
  ])
  func numbersOutsideJSONGrammarAreRejected(written: String, why: String) throws {
    let error = try #require(readingError(#"{"columns": ["n"], "rows": [["# + written + "]]}"))
    #expect(error.position?.column == 30)
    guard case .invalidNumber(let text, let reason) = error.reason else {
      Issue.record("\(written): \(error)")
      return
    }
    #expect(reason == why)
    #expect(written.hasPrefix(text) || text.hasPrefix(written))
    #expect(error.message.hasPrefix("the number "))
  }
}
