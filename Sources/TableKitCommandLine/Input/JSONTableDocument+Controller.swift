package import TableKit

extension JSONTableDocument {
  /// A controller over a data source holding this document's rows.
  ///
  /// - Returns: A controller titled with the document's title, its table one section per
  ///   document section, one column per column title.
  package func makeController() -> TableController {
    let dataSource = SectionedDataSource<Any>(
      sections: sections.map { section in
        TableSection(
          section.header,
          footer: section.footer,
          items: section.rows.map { JSONRecord(values: $0) }
        )
      },
      columns: columns.map { TableColumn($0) }
    )
    return TableController(title: title, dataSource: dataSource)
  }
}

/// A record of a JSON table: its values, shown one per column.
struct JSONRecord: TableRepresentable {
  var values: [CellValue]

  var tableCell: Cell {
    Cell(values.first?.text ?? "", values: values, kind: "record")
  }
}
