import TableKit

// The only code needed to show websites in every table: no data source changes.
extension Website: TableRepresentable {
  var tableCell: Cell { Cell(url, detail: "web", accessory: .detailButton, kind: "website") }
}
