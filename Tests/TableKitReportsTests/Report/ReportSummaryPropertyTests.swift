import TableKit
import TableKitReports
import TableKitTestSupport
import Testing

/// The Must-show property: over 10,000 random ledgers, every subtotal equals the exact sum of its
/// rows (an oracle on digit strings, apart from `ExactSum`) and the subtotals add up to the grand
/// total, with summaries at the top and the bottom.
@Suite struct ReportSummaryPropertyTests {
  /// The report the property runs over: subtotals and totals of amount, quantity and rate.
  static func report(groupTop: Bool, grandTop: Bool) -> Report {
    Report(
      title: "Ledger",
      summaries: [
        SummaryRow(
          label: "Subtotal", scope: .eachGroup, placement: groupTop ? .top : .bottom,
          aggregates: [1: .sum, 2: .sum, 3: .sum]),
        SummaryRow(
          label: "Total", scope: .grand, placement: grandTop ? .top : .bottom,
          aggregates: [1: .sum, 2: .sum, 3: .sum]),
        SummaryRow(label: "Mean", scope: .grand, aggregates: [2: .mean, 3: .mean, 1: .count]),
      ])
  }

  /// The text the oracle expects for the sum (or mean) of `values`.
  static func expected(_ values: [CellValue], mean: Bool = false) -> String {
    var codes: [String] = []
    var numbers: [DecimalOracle] = []
    for value in values {
      switch value {
      case .money(let money):
        if !codes.contains(money.currency) { codes.append(money.currency) }
        numbers.append(Self.oracle(money.amount.description))
      case .integer, .exactDecimal:
        numbers.append(Self.oracle(value.text))
      default:
        continue
      }
    }
    guard !numbers.isEmpty, codes.count <= 1 else { return "—" }
    var sum = numbers.reduce(DecimalOracle(), +)
    if mean { sum = Self.plainMean(of: sum, count: numbers.count) }
    return (codes.first.map { $0 + " " } ?? "") + sum.description
  }

  /// A plain column's mean of numbers that are not money, by the stated rule: at the sum's
  /// scale, or 3 digits when it has fewer, then zeros past the sum's scale dropped.
  static func plainMean(of sum: DecimalOracle, count: Int) -> DecimalOracle {
    let places = max(sum.scale, 3)
    var text = sum.description
    if sum.scale == 0 { text += "." }
    text += String(repeating: "0", count: places - sum.scale)
    var mean = Self.oracle(text).divided(by: count).description
    while mean.contains("."), mean.hasSuffix("0"),
      mean.split(separator: ".").last.map({ $0.count > sum.scale }) ?? false
    {
      mean.removeLast()
    }
    if mean.hasSuffix(".") { mean.removeLast() }
    return Self.oracle(mean)
  }

  /// The oracle's reading of `text`, recording an issue when it is not a number.
  static func oracle(_ text: some StringProtocol) -> DecimalOracle {
    guard let number = DecimalOracle(text) else {
      Issue.record("not a number: \(text)")
      return DecimalOracle()
    }
    return number
  }

  /// The amount of `EUR 12.50` (its last word), or the text itself.
  static func amount(in text: String) -> Substring {
    text.split(separator: " ").last ?? Substring(text)
  }

  @Test func subtotalsAreExactAndAddUpToTheGrandTotal() throws {
    var generator = SeededGenerator(state: 0x5EED_0036)
    var mixedLedgers = 0
    for ledgerIndex in 0..<10_000 {
      let ledger = RandomLedger(using: &generator)
      let groupTop = ledgerIndex % 3 == 1
      let grandTop = ledgerIndex % 4 == 2
      let table = ledger.table()
      let layout = try Self.report(groupTop: groupTop, grandTop: grandTop).layout(for: table)
      var subtotals: [[String]] = []
      var totals: [String: [String]] = [:]
      var rowsSeen = 0
      let notes = try layout.walk(table) { part in
        switch part {
        case .summary(let summary) where summary.scope == .eachGroup:
          subtotals.append(summary.cells.map(\.text))
        case .summary(let summary):
          totals[summary.label] = summary.cells.map(\.text)
        case .row:
          rowsSeen += 1
        default:
          break
        }
      }
      let allRows = ledger.groups.flatMap(\.rows)
      #expect(rowsSeen == allRows.count)
      #expect(subtotals.count == ledger.groups.count)
      for (group, subtotal) in zip(ledger.groups, subtotals) {
        #expect(subtotal[0] == "Subtotal")
        for column in 1...3 {
          #expect(subtotal[column] == Self.expected(group.rows.map { $0[column] }))
        }
      }
      let total = try #require(totals["Total"])
      let mean = try #require(totals["Mean"])
      for column in 1...3 {
        let values = allRows.map { $0[column] }
        #expect(total[column] == Self.expected(values), "ledger \(ledgerIndex) column \(column)")
        if column > 1 { #expect(mean[column] == Self.expected(values, mean: true)) }
        // The subtotals add up to the grand total, to the last digit.
        guard total[column] != "—" else { continue }
        let amounts = subtotals.map { $0[column] }.filter { $0 != "—" }
          .map { Self.oracle(Self.amount(in: $0)) }
        let grand = Self.oracle(Self.amount(in: total[column]))
        #expect(amounts.reduce(DecimalOracle(), +).numericallyEquals(grand))
      }
      #expect(mean[1] == String(allRows.filter { $0[1] != .empty }.count))
      if total[1] == "—", allRows.contains(where: { $0[1] != .empty }) {
        mixedLedgers += 1
        #expect(notes.remarks.contains { $0.hasPrefix("Total, column \"amount\": amounts in") })
      }
    }
    // The generator mixes currencies in about three ledgers in ten.
    #expect(mixedLedgers > 1_000)
  }
}
