import TableKit

/// A record of a JSON table: its values, shown one per column.
struct JSONRecord: TableRepresentable {
  var values: [CellValue]

  var tableCell: Cell {
    Cell(values.first?.text ?? "", values: values, kind: "record")
  }
}
