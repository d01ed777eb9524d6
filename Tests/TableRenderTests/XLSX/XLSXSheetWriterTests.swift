import Foundation
import TableKit
import TableRender
import Testing

@Suite struct XLSXSheetWriterTests {
  /// The sheet XML for one column and these rows, and how many values were marked inexact.
  private func sheet(_ values: [CellValue], header: Bool = false) -> (xml: String, inexact: Int) {
    let collector = ByteCollector()
    var writer = XLSXSheetWriter(
      columns: [ColumnDefinition("v")], hasHeaderRow: header, sink: collector)
    for value in values { [value].withUnsafeBufferPointer { writer.consume($0) } }
    writer.finish()
    return (String(decoding: collector.bytes, as: UTF8.self), writer.inexactCount)
  }

  /// The `<sheetData>` part only.
  private func rows(_ values: [CellValue]) -> String {
    let xml = sheet(values).xml
    guard let start = xml.range(of: "<sheetData>"), let end = xml.range(of: "</sheetData>")
    else { return xml }
    return String(xml[start.upperBound..<end.lowerBound])
  }

  @Test func integersUpTo2Power53AreNumbers() {
    #expect(rows([.integer(1 << 53)]) == #"<row r="1"><c><v>9007199254740992</v></c></row>"#)
    let past = sheet([.integer((1 << 53) + 1), .integer(-(1 << 53) - 1), .integer(Int.min)])
    #expect(past.inexact == 3)
    #expect(
      past.xml.contains(
        #"<c s="2" t="inlineStr"><is><t>9007199254740993</t>"#))
  }

  @Test func decimalsPast15SignificantDigitsAreMarkedText() throws {
    let fifteen = try ExactDecimal("123456789012.345")
    let sixteen = try ExactDecimal("1234567890123.456")
    let zeros = try ExactDecimal("1.500000000000000000000")
    #expect(XLSXSheetWriter.isExactInDouble(fifteen))
    #expect(!XLSXSheetWriter.isExactInDouble(sixteen))
    #expect(XLSXSheetWriter.isExactInDouble(zeros))
    let result = sheet([.exactDecimal(fifteen), .exactDecimal(sixteen), .percent(sixteen)])
    #expect(result.inexact == 2)
    #expect(result.xml.contains(#"<c s="3"><v>123456789012.345</v></c>"#))
    #expect(
      result.xml.contains(#"s="2" t="inlineStr"><is><t>1234567890123.456</t>"#)
    )
  }

  /// Formula-looking text is a string cell; no `<f>` is ever written; no value is an absent
  /// cell, and the empty text an empty string cell (a database's `NULL` and `''` apart).
  @Test func textIsNeverAFormulaAndNoValueIsAbsent() {
    let xml = rows([.text("=SUM(A1:A9)"), .empty, .text(""), .boolean(true)])
    #expect(!xml.contains("<f>"))
    #expect(xml.contains(#"<c t="inlineStr"><is><t>=SUM(A1:A9)</t>"#))
    #expect(
      xml.contains(
        #"<row r="2"></row><row r="3"><c t="inlineStr"><is><t></t></is></c></row>"#))
    #expect(xml.contains(#"<c t="b"><v>1</v></c>"#))
  }

  /// `xml:space="preserve"` only on text with white space at an end (which Excel trims
  /// otherwise, as xlsxwriter tests it); tabs and line breaks inside the text need none.
  @Test func preserveOnlyOnWhiteSpaceAtTheEnds() {
    let xml = rows([
      .text("plain"), .text("  both  "), .text("tab\tand\nline"), .text("end\t"),
      .text("\nstart"), .text("nbsp\u{A0}"),
    ])
    #expect(xml.contains(#"<c t="inlineStr"><is><t>plain</t>"#))
    #expect(xml.contains(#"<c t="inlineStr"><is><t xml:space="preserve">  both  </t>"#))
    #expect(xml.contains("<c t=\"inlineStr\"><is><t>tab\tand\nline</t>"))
    #expect(xml.contains("<c t=\"inlineStr\"><is><t xml:space=\"preserve\">end\t</t>"))
    #expect(xml.contains("<c t=\"inlineStr\"><is><t xml:space=\"preserve\">\nstart</t>"))
    #expect(
      xml.contains("<c t=\"inlineStr\"><is><t xml:space=\"preserve\">nbsp\u{A0}</t>"))
  }

  @Test func moneyAndDatesGetFormats() throws {
    let amount = try #require(Money(try ExactDecimal("-4.99"), currency: "EUR"))
    let day = try #require(DateValue(written: "1900-03-01", year: 1900, month: 3, day: 1))
    let xml = rows([.money(amount), .date(day)])
    #expect(
      xml
        == #"<row r="1"><c s="3"><v>-4.99</v></c></row><row r="2"><c s="4"><v>61</v></c></row>"#
    )
  }

  @Test func headerIsFrozenWithAnAutofilter() {
    let xml = sheet([.integer(1), .integer(2)], header: true).xml
    #expect(
      xml.contains(#"<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>"#))
    #expect(xml.contains(#"<autoFilter ref="A1:A3"/>"#))
    #expect(
      xml.contains(#"<row r="1"><c s="1" t="inlineStr"><is><t>v</t>"#))
  }

  /// A cell in the column after the row's last cell has no `r` (a reader counts the columns);
  /// the cell after an absent one has it, and so the cells after it need none again.
  @Test func onlyACellAfterAnAbsentOneHasItsReference() {
    let collector = ByteCollector()
    var writer = XLSXSheetWriter(
      columns: (0..<3).map { ColumnDefinition("c\($0)") }, hasHeaderRow: false, sink: collector)
    for row: [CellValue] in [
      [.empty, .integer(5), .text("x")], [.integer(1), .empty, .boolean(false)],
      [.integer(1), .integer(2), .empty],
    ] {
      row.withUnsafeBufferPointer { writer.consume($0) }
    }
    writer.finish()
    let xml = String(decoding: collector.bytes, as: UTF8.self)
    #expect(
      xml.contains(
        #"<row r="1"><c r="B1"><v>5</v></c><c t="inlineStr"><is><t>x</t></is></c></row>"#
          + #"<row r="2"><c><v>1</v></c><c r="C2" t="b"><v>0</v></c></row>"#
          + #"<row r="3"><c><v>1</v></c><c><v>2</v></c></row>"#))
  }

  @Test(arguments: [(0, "A"), (25, "Z"), (26, "AA"), (701, "ZZ"), (702, "AAA"), (16_383, "XFD")])
  func columnLetters(index: Int, letters: String) {
    #expect(XLSXSheetWriter.letters(index) == letters)
  }

  /// The numbers written straight as bytes (integers, money, exact decimals, dates) come out
  /// as the general cell writer writes them: styles found again when a column's currency or
  /// scale changes, inexact numbers and times left to the general writer, rows past 100 (the
  /// measured rows) and past nine digits' worth of references.
  @Test func directNumbersMatchTheGeneralWriter() throws {
    func money(_ text: String, _ code: String) throws -> CellValue {
      guard let value = Money(try ExactDecimal(text), currency: code) else { return .empty }
      return .money(value)
    }
    let day = DateValue(written: "2024-02-29", year: 2024, month: 2, day: 29).map(CellValue.date)
    let early = DateValue(written: "1900-02-28", year: 1900, month: 2, day: 28).map(CellValue.date)
    let ancient = DateValue(written: "1800-01-01", year: 1800, month: 1, day: 1).map(CellValue.date)
    let samples: [[CellValue]] = [
      [
        .integer(7), try money("12.50", "EUR"), .exactDecimal(try ExactDecimal("1.5")),
        day ?? .empty,
      ],
      [
        .integer(-1 << 53), try money("-0.001", "USD"),
        .exactDecimal(try ExactDecimal("12345678901234567")), early ?? .empty,
      ],
      [
        .integer(1 << 60), try money("12345678901234567.1", "EUR"), .text("x & y"),
        ancient ?? .empty,
      ],
      [.empty, try money("3", "XTS"), .exactDecimal(try ExactDecimal("-0.000")), .boolean(true)],
      [
        .decimal(2.5, fractionDigits: 1), try money("9.99", "EUR"),
        .exactDecimal(try ExactDecimal("2.25")), .integer(0),
      ],
    ]
    let columns = (0..<4).map { ColumnDefinition("c\($0)") }
    let direct = ByteCollector()
    let general = ByteCollector()
    var directWriter = XLSXSheetWriter(columns: columns, hasHeaderRow: true, sink: direct)
    var generalWriter = XLSXSheetWriter(columns: columns, hasHeaderRow: true, sink: general)
    for row in 0..<240 {
      samples[row % samples.count].withUnsafeBufferPointer {
        directWriter.consume($0)
        generalWriter.consumeThroughGeneralWriter($0)
      }
    }
    directWriter.finish()
    generalWriter.finish()
    let xml = String(decoding: direct.bytes, as: UTF8.self)
    #expect(xml.contains(#"<row r="240"><c r="B240" s=""#))
    #expect(xml.contains(#"<row r="241"><c s=""#))
    let same = direct.bytes == general.bytes
    #expect(same, "the sheets differ")
    #expect(directWriter.numberFormats == generalWriter.numberFormats)
    #expect(directWriter.inexactCount == generalWriter.inexactCount)
  }
}
