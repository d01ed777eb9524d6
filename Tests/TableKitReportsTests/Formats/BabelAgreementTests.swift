import Foundation
import TableKit
import TableKitReports
import Testing

/// Every case of the fixture `Scripts/check-formats.py` writes from babel, formatted here and
/// compared string for string.
///
/// The fixture (tens of megabytes, so not committed) is named by `TABLEKIT_FORMATS_FIXTURE`;
/// without it the test is not run. Each line is `locale TAB case TAB input TAB expected`; the
/// test writes the mismatches (at most 50) and the counts to standard output.
@Suite struct BabelAgreementTests {
  static let fixture = ProcessInfo.processInfo.environment["TABLEKIT_FORMATS_FIXTURE"]

  @Test(.enabled(if: fixture != nil)) func everyCaseAgreesWithBabel() throws {
    let text = try String(contentsOfFile: Self.fixture ?? "", encoding: .utf8)
    var locales: [String: ReportLocale] = [:]
    var compared = 0
    var mismatches: [String] = []
    var mismatchCount = 0
    var perCase: [String: Int] = [:]
    for line in text.split(separator: "\n") {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      try #require(fields.count == 4, "a fixture line with \(fields.count) fields")
      let (identifier, name, input, expected) = (fields[0], fields[1], fields[2], fields[3])
      if locales[identifier] == nil {
        locales[identifier] = try ReportLocale(identifier: identifier)
      }
      let locale = try #require(locales[identifier])
      let (format, value) = try Self.fixtureCase(name, input: input)
      let actual = format.text(for: value, in: locale)
      compared += 1
      perCase[name, default: 0] += 1
      if actual != expected {
        mismatchCount += 1
        if mismatches.count < 50 {
          mismatches.append(
            "\(identifier) \(name) \(input): ours \(actual.debugDescription), babel \(expected.debugDescription)"
          )
        } else if mismatches.count == 50 {
          mismatches.append("…")
        }
      }
    }
    print("babel agreement: \(compared) strings compared in \(locales.count) locales")
    for (name, count) in perCase.sorted(by: { $0.key < $1.key }) { print("  \(name): \(count)") }
    print("babel agreement: \(mismatchCount) differ")
    for mismatch in mismatches { print("  differs: " + mismatch) }
    #expect(mismatchCount == 0)
    #expect(compared > 0)
  }

  /// The format and the value a fixture case names.
  static func fixtureCase(_ name: String, input: String) throws -> (ColumnFormat, CellValue) {
    func number() throws -> CellValue { .exactDecimal(try ExactDecimal(input)) }
    func money() throws -> CellValue {
      let parts = input.split(separator: " ")
      let amount = try ExactDecimal(parts[1])
      return .money(try #require(Money(amount, currency: parts[0])))
    }
    func date() throws -> CellValue {
      let numbers = input.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
      let value =
        !name.hasPrefix("time")
        ? DateValue(written: input, year: numbers[0], month: numbers[1], day: numbers[2])
        : DateValue(written: input, hour: numbers[0], minute: numbers[1], second: numbers[2])
      return .date(try #require(value))
    }
    switch name {
    case "decimal": return (.number(), try number())
    case "decimal-2-ungrouped":
      return (.number(fractionDigits: 2...2, grouping: false), try number())
    case "decimal-0...2-away":
      return (.number(fractionDigits: 0...2, rounding: .halfAwayFromZero), try number())
    case "percent": return (.percent(), try number())
    case "percent-1": return (.percent(fractionDigits: 1...1), try number())
    case "scientific": return (.scientific(), try number())
    case "currency": return (.currency(), try money())
    case "accounting": return (.currency(accounting: true), try money())
    case "currency-code": return (.currency(display: .code), try money())
    case "date-short": return (.date(.short), try date())
    case "date-medium": return (.date(.medium), try date())
    case "date-long": return (.date(.long), try date())
    case "date-full": return (.date(.full), try date())
    case "time-short": return (.date(.short), try date())
    case "time-medium": return (.date(.medium), try date())
    default:
      Issue.record("unknown fixture case \(name)")
      return (.plain, .empty)
    }
  }
}
