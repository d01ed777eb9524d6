import Foundation
import Synchronization
import TableKit
import TableKitArguments
import TableRender

/// The hidden `--xlsx-sample OUT.xlsx OUT.json` mode: a workbook of every kind of value a cell
/// can hold (hostile text included) and, beside it, what each cell must read back as, for
/// Scripts/xlsx-roundtrip.py (openpyxl and python-calamine read the workbook).
///
/// Each row is a label, a value, and the expectation in the JSON: `[label, kind, value,
/// number format]`, where kind is `number` (value: the exact decimal), `text`, `bool`, `date`
/// (`YYYY-MM-DD`), `datetime` (`YYYY-MM-DDTHH:MM:SS.fff`), `time` (`HH:MM:SS.fff`), `empty`,
/// or `inexact` (text in the marker style).
enum XLSXSample {
  /// One row: its value and what it must read back as.
  struct Case {
    var label: String
    var value: CellValue
    var kind: String
    var expected: String
    var format: String?
  }

  /// Runs the mode when `arguments` ask for it, then exits.
  static func runIfAsked(_ arguments: [String]) {
    guard arguments.first == "--xlsx-sample" else { return }
    guard arguments.count == 3 else {
      stop("--xlsx-sample needs OUT.xlsx and OUT.json", status: .usage)
    }
    let cases = makeCases()
    let dataSource = SectionedDataSource(
      items: cases.map { Cell($0.label, values: [.text($0.label), $0.value]) },
      columns: [ColumnDefinition("label"), ColumnDefinition("value")])
    let counter = InexactCounter()
    let renderer = XLSXTableRenderer(sheetName: "Sample") { counter.count = $0 }
    do {
      try renderer.write(TableView(dataSource: dataSource), toFile: arguments[1])
    } catch {
      stop("\(error)", status: .ioError)
    }
    let expected = cases.map { [$0.label, $0.kind, $0.expected, $0.format ?? ""] }
    let inexact = cases.filter { $0.kind == "inexact" }.count
    guard counter.count == inexact else {
      stop("the renderer counted \(counter.count) inexact values, not \(inexact)")
    }
    guard let json = try? JSONSerialization.data(withJSONObject: expected, options: [.sortedKeys])
    else { stop("cannot encode the expectations") }
    guard FileManager.default.createFile(atPath: arguments[2], contents: json) else {
      stop("cannot write \(arguments[2])", status: .cannotCreate)
    }
    ExitStatus.success.exit()
  }

  /// The count the renderer's callback reports.
  final class InexactCounter: Sendable {
    private let value = Mutex(0)
    var count: Int {
      get { value.withLock { $0 } }
      set { value.withLock { $0 = newValue } }
    }
  }

  private static func decimal(_ text: String) -> ExactDecimal {
    guard let value = try? ExactDecimal(text) else { stop("bad decimal \(text)") }
    return value
  }

  // swift-format-ignore: FunctionBodyLength
  static func makeCases() -> [Case] {
    var cases: [Case] = []
    func add(
      _ label: String, _ value: CellValue, _ kind: String, _ expected: String,
      _ format: String? = nil
    ) {
      cases.append(Case(label: label, value: value, kind: kind, expected: expected, format: format))
    }
    add("integer", .integer(42), "number", "42")
    add("negative integer", .integer(-7), "number", "-7")
    add("2^53", .integer(1 << 53), "number", "9007199254740992")
    add("-2^53", .integer(-(1 << 53)), "number", "-9007199254740992")
    add("2^53+1", .integer((1 << 53) + 1), "inexact", "9007199254740993")
    add("Int.max", .integer(Int.max), "inexact", String(Int.max))
    add("Int.min", .integer(Int.min), "inexact", String(Int.min))
    add("decimal", .decimal(-4.99, fractionDigits: 2), "number", "-4.99", "0.00")
    add(
      "exact 15 digits", .exactDecimal(decimal("123456789012.345")), "number", "123456789012.345",
      "0.000")
    add(
      "exact trailing zeros", .exactDecimal(decimal("1.50000000000000000000")), "number", "1.5",
      "0." + String(repeating: "0", count: 20))
    add(
      "exact 16 digits", .exactDecimal(decimal("1234567890123.456")), "inexact", "1234567890123.456"
    )
    add(
      "exact 30 digits", .exactDecimal(decimal("-123456789012345678901234567.890")), "inexact",
      "-123456789012345678901234567.890")
    add(
      "exact tiny", .exactDecimal(decimal("0.000000000000000000000000000001")), "number", "1E-30",
      "0." + String(repeating: "0", count: 30))
    add(
      "money EUR", money("1250.50", "EUR"), "number", "1250.50",
      "\"€\"#,##0.00_);(\"€\"#,##0.00)")
    add(
      "money USD negative", money("-4.99", "USD"), "number", "-4.99",
      "\"$\"#,##0.00_);(\"$\"#,##0.00)")
    add(
      "money JPY", money("1200", "JPY"), "number", "1200",
      "\"¥\"#,##0_);(\"¥\"#,##0)")
    add(
      "money CHF", money("0.05", "CHF"), "number", "0.05",
      "\"CHF \"#,##0.00_);(\"CHF \"#,##0.00)")
    add(
      "money too long", money("12345678901234567.89", "EUR"), "inexact",
      "EUR 12345678901234567.89")
    add("percent", .percent(decimal("0.125")), "number", "0.125", "0.0%")
    add("percent whole", .percent(decimal("0.25")), "number", "0.25", "0%")
    add("date", dateValue("2026-11-28", 2026, 11, 28), "date", "2026-11-28", "yyyy-mm-dd")
    add("date 1900-01-01", dateValue("1900-01-01", 1900, 1, 1), "date", "1900-01-01", "yyyy-mm-dd")
    add("date 1900-02-28", dateValue("1900-02-28", 1900, 2, 28), "date", "1900-02-28", "yyyy-mm-dd")
    add("date 1900-03-01", dateValue("1900-03-01", 1900, 3, 1), "date", "1900-03-01", "yyyy-mm-dd")
    add("date 1899-12-31", dateValue("1899-12-31", 1899, 12, 31), "text", "1899-12-31")
    add(
      "date 9999-12-31", dateValue("9999-12-31", 9999, 12, 31), "date", "9999-12-31", "yyyy-mm-dd")
    if let value = DateValue(
      written: "2026-11-28T13:45:30.250", year: 2026, month: 11, day: 28, hour: 13, minute: 45,
      second: 30, nanosecond: 250_000_000)
    {
      add(
        "date-time", .date(value), "datetime", "2026-11-28T13:45:30.250", "yyyy-mm-dd hh:mm:ss.000")
    }
    if let value = DateValue(
      written: "1900-02-28T23:59:59", year: 1900, month: 2, day: 28, hour: 23, minute: 59,
      second: 59)
    {
      add(
        "date-time 1900", .date(value), "datetime", "1900-02-28T23:59:59.000", "yyyy-mm-dd hh:mm:ss"
      )
    }
    if let value = DateValue(
      written: "2026-11-28T13:45:30+02:00", year: 2026, month: 11, day: 28, hour: 13, minute: 45,
      second: 30, utcOffset: 7200)
    {
      add("date-time offset", .date(value), "text", "2026-11-28T13:45:30+02:00")
    }
    if let value = DateValue(written: "08:30", hour: 8, minute: 30) {
      add("time", .date(value), "time", "08:30:00.000", "hh:mm:ss")
    }
    if let value = DateValue(written: "08:30:00.0000001", hour: 8, minute: 30, nanosecond: 100) {
      add("time sub-millisecond", .date(value), "text", "08:30:00.0000001")
    }
    add("true", .boolean(true), "bool", "true")
    add("false", .boolean(false), "bool", "false")
    add("empty", .empty, "empty", "")
    add("empty text", .text(""), "text", "")
    let hostile = [
      "=1+2", "=HYPERLINK(\"http://x\",\"y\")", "+1", "-1", "@SUM(A1)", "\u{1}ctrl\u{1F}",
      "nul\u{0}byte", "_x0041_", "_x005F_", "_x004g_", "__x0041__", "_X0041_", "a\rb", "a\r\nb",
      "tab\there", " lead", "trail ", "\u{FFFE}\u{FFFF}", "😀 emoji", "<b>&amp;</b>", "]]>",
      "\u{7F}\u{80}\u{9F}", "\u{202E}rtl", "‮", "x_x0001_y",
    ]
    for (index, text) in hostile.enumerated() { add("hostile \(index)", .text(text), "text", text) }
    return cases
  }

  private static func money(_ amount: String, _ currency: String) -> CellValue {
    guard let money = Money(decimal(amount), currency: currency) else {
      stop("bad money \(amount)")
    }
    return .money(money)
  }

  private static func dateValue(_ written: String, _ year: Int, _ month: Int, _ day: Int)
    -> CellValue
  {
    guard let value = DateValue(written: written, year: year, month: month, day: day) else {
      stop("bad date \(written)")
    }
    return .date(value)
  }
}
