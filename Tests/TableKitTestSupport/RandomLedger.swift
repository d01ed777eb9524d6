package import TableKit

/// A random ledger for report tests: groups (some empty) of rows with a payee, an amount of money
/// (up to 30 digits, negatives and empties, one or several currencies), a whole quantity and an
/// exact rate, each value also kept as text for an oracle.
package struct RandomLedger {
  /// The columns: payee, amount, quantity, rate.
  package static let columns = ["payee", "amount", "quantity", "rate"]
  /// The currencies drawn from, with the scale each is written with.
  package static let currencies = [("EUR", 2), ("JPY", 0), ("BHD", 3), ("USD", 2)]

  /// Each group's label and rows.
  package var groups: [(label: String, rows: [[CellValue]])] = []

  /// Draws a ledger: 1 to `maximumGroups` groups of 0 to `maximumRows` rows.
  package init(
    using generator: inout SeededGenerator, maximumGroups: Int = 5, maximumRows: Int = 6
  ) {
    let mixes = Int.random(in: 0..<10, using: &generator) < 3
    let single = Self.currencies[Int.random(in: 0..<Self.currencies.count, using: &generator)]
    let labels = [
      "North", "Süd", "=HYPERLINK(\"x\")", "<b>East</b>", "a|b*c_", "\u{1B}[31mred", "",
    ]
    for _ in 0..<Int.random(in: 1...maximumGroups, using: &generator) {
      var rows: [[CellValue]] = []
      for _ in 0..<Int.random(in: 0...maximumRows, using: &generator) {
        let currency =
          mixes
          ? Self.currencies[Int.random(in: 0..<Self.currencies.count, using: &generator)] : single
        rows.append([
          .text(labels[Int.random(in: 0..<labels.count, using: &generator)]),
          Self.money(currency: currency, using: &generator),
          Int.random(in: 0..<8, using: &generator) == 0
            ? .empty : .integer(Int.random(in: -1_000_000...1_000_000, using: &generator)),
          Self.exact(scale: Int.random(in: 0...6, using: &generator), using: &generator)
            .map(CellValue.exactDecimal) ?? .empty,
        ])
      }
      groups.append((labels[Int.random(in: 0..<labels.count, using: &generator)], rows))
    }
  }

  private static func money(
    currency: (String, Int), using generator: inout SeededGenerator
  ) -> CellValue {
    guard let amount = exact(scale: currency.1, using: &generator),
      let money = Money(amount, currency: currency.0)
    else { return .empty }
    return .money(money)
  }

  /// An exact decimal of 1 to 30 digits at `scale`, negative half the time; `nil` one time in 8.
  package static func exact(
    scale: Int, using generator: inout SeededGenerator
  ) -> ExactDecimal? {
    guard Int.random(in: 0..<8, using: &generator) != 0 else { return nil }
    let count = Int.random(in: 1...30, using: &generator)
    var text = Bool.random(using: &generator) ? "-" : ""
    for _ in 0..<count { text += String(Int.random(in: 0...9, using: &generator)) }
    let digits = text.drop { $0 == "-" }
    if scale > 0 {
      let padded = String(repeating: "0", count: max(scale + 1 - digits.count, 0)) + digits
      text = (text.hasPrefix("-") ? "-" : "") + padded
      text.insert(".", at: text.index(text.endIndex, offsetBy: -scale))
    }
    return try? ExactDecimal(text)
  }

  /// The ledger as a table: one section per group, titled with its label.
  package func table() -> TableView {
    let sections = groups.map { group in
      TableSection(group.label, items: group.rows.map { Cell("", values: $0) })
    }
    return TableView(
      dataSource: SectionedDataSource<Cell>(
        sections: sections, columns: Self.columns.map { ColumnDefinition($0) }))
  }
}
