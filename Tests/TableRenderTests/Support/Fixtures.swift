import TableKit

/// A model type with a representation, for rendering tests.
struct Payment: TableRepresentable {
  var payee: String
  var cents: Int
  var isOpen: Bool

  var tableCell: Cell {
    Cell(
      payee,
      values: [.text(payee), .decimal(Double(cents) / 100, fractionDigits: 2), .boolean(isOpen)],
      accessory: isOpen ? .disclosureIndicator : .none,
      kind: "payment"
    )
  }
}

/// Strings that try to become markup, escape sequences, spreadsheet formulas or reordered text.
enum Hostile {
  static let strings = [
    "<script>alert('x')</script>",
    "\"><img src=x onerror=alert(1)>",
    "a & b < c > d \" e ' f",
    "\u{1B}[31mred\u{1B}[0m",
    "\u{1B}]8;;https://evil.example\u{7}link\u{1B}]8;;\u{7}",
    "bell\u{7} backspace\u{8} nul\u{0} del\u{7F}",
    "c1 \u{9B}31m csi",
    "bidi \u{202E}txt.exe\u{202C} \u{2066}iso\u{2069}",
    "line\nbreak\r\nand\ttab",
  ]
}

/// A table of payments in two sections.
func makePaymentsTable(_ sections: [(String?, [Payment])]) -> TableView {
  TableView(
    dataSource: SectionedDataSource<Any>(
      sections: sections.map { TableSection($0.0, items: $0.1) },
      columns: [ColumnDefinition("Payee"), ColumnDefinition("Amount"), ColumnDefinition("Open")]
    )
  )
}
