import TableKit
import TableKitRecords
import TableKitReports
import Testing

/// `--column NAME=TYPE`: fields read by a declared type, and a field that does not fit is an
/// error at its true line and column whichever path read it.
@Suite struct DeclaredTypesTests {
  static func types(_ pairs: [(String, String)]) throws -> [(column: String, parser: ValueParser)] {
    try pairs.map { ($0.0, try ValueParser($0.1)) }
  }

  @Test func fieldsAreReadByTheirDeclaredTypes() throws {
    let file = try TemporaryFile(
      "t.csv",
      bytes: Array(
        "name,amount,day,share\nA,12.50,2024-02-29,12.5%\n\"B\",EUR 7,0001-01-01,0.5\n".utf8))
    var reader = try DelimitedRecordReader(input: try ByteInput(path: file.path), dialect: .csv)
    try reader.declareTypes(
      try Self.types([("amount", "money:EUR"), ("day", "date"), ("share", "percent")]))
    let first = try #require(try reader.next())
    #expect(first[0] == .text("A"))
    #expect(first[1] == .money(try #require(Money(try ExactDecimal("12.50"), currency: "EUR"))))
    #expect(
      first[2]
        == .date(try #require(DateValue(written: "2024-02-29", year: 2024, month: 2, day: 29))))
    #expect(first[3] == .percent(try ExactDecimal("0.125")))
    let second = try #require(try reader.next())
    #expect(second[1] == .money(try #require(Money(try ExactDecimal("7"), currency: "EUR"))))
    #expect(second[3] == .percent(try ExactDecimal("0.5")))
  }

  @Test(arguments: ReadingPath.allCases)
  func aFieldThatDoesNotFitIsAnErrorAtItsCharacter(path: ReadingPath) throws {
    // Past the three kept rows, after a record whose quoted field spans two lines.
    let good = "a,b\n" + (1...5).map { "x\($0),1.5\n" }.joined() + "\"two\nlines\",2\n"
    // Line 9: `"q""z",12x`: the field starts at column 8, and `x` is its third character.
    let bytes = Array((good + "\"q\"\"z\",12x\n").utf8)
    let error = try path.error(reading: bytes) { input in
      input.columnTypes = (try? Self.types([("b", "decimal")])) ?? []
    }
    let offset = good.utf8.count + 9
    #expect(error?.position == JSONPosition(byteOffset: offset, line: 9, column: 10), "\(path)")
    guard case .invalidValue(let column, let why) = error?.reason else {
      Issue.record("\(path): \(String(describing: error))")
      return
    }
    #expect(column == "b")
    #expect(why.text == "12x")
    #expect(why.expected == "a decimal number")
  }

  @Test(arguments: ReadingPath.allCases)
  func aCharacterInsideAQuotedFieldIsCountedAsWritten(path: ReadingPath) throws {
    // Line 2: `"é ""1",2024-1x-01`: the month's second digit is missing.
    let bytes = Array("a,d\n\"é \"\"1\",2024-1x-01\n".utf8)
    let error = try path.error(reading: bytes) { input in
      input.columnTypes = (try? Self.types([("d", "date")])) ?? []
    }
    // `"é ""1",` is 8 characters (é is one), so the date starts at column 9; `x` is its
    // seventh character (offset 6), column 15, byte 4 + 9 (é is two bytes) + 6.
    #expect(error?.position == JSONPosition(byteOffset: 19, line: 2, column: 15), "\(path)")
  }

  @Test func anUnknownColumnOrAJSONInputIsRefused() throws {
    let file = try TemporaryFile("t.csv", bytes: Array("a,b\n1,2\n".utf8))
    var reader = try DelimitedRecordReader(input: try ByteInput(path: file.path), dialect: .csv)
    let error = #expect(throws: TableInputError.self) {
      try reader.declareTypes(try Self.types([("c", "decimal")]))
    }
    #expect(error?.reason == .unknownColumn("c", available: ["a", "b"]))
    let json = try TemporaryFile("t.json", bytes: Array(#"[{"a": 1}]"#.utf8))
    var input = TableInput()
    input.columnTypes = try Self.types([("a", "decimal")])
    let refused = #expect(throws: TableInputError.self) {
      _ = try input.open(try ByteInput(path: json.path), path: json.path)
    }
    #expect(refused?.reason == .typesNeedText(format: "json"))
  }
}
