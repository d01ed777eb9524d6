import TableKit

extension Person: TableRepresentable {
  var tableCell: Cell { Cell(name, kind: "person") }
}
