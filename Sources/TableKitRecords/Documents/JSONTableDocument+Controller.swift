package import TableKit

extension JSONTableDocument {
  /// A controller over a data source holding this document's rows.
  ///
  /// - Returns: A controller titled with the document's title, its table one section per
  ///   document section, one column per column title.
  package func makeController() -> TableController {
    TableController(title: title, dataSource: JSONTableDataSource(document: self))
  }
}
