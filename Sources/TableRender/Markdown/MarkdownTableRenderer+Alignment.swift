import TableKit

/// How a Markdown table's columns line up: decided once for the whole table, so every section's
/// table has the same delimiter row.
extension MarkdownTableRenderer {
  /// How many rows, at most, the renderer reads ahead to align automatic columns.
  ///
  /// Reading ahead holds one row at a time, so memory stays flat; the bound keeps a column
  /// that is empty in every row from costing a second read of the whole table.
  static let alignmentLookahead = 1_000

  /// The delimiter-row cell of each column, from its declaration and, for an automatic column,
  /// its first value that is not empty.
  ///
  /// - A column declared `.left`, `.right` or `.center` gets `:---`, `---:` or `:---:`.
  /// - An automatic column is right-aligned (`---:`) when the first value it holds that is not
  ///   empty, reading the table in display order across sections, is a number; otherwise, and
  ///   when none of the first ``alignmentLookahead`` rows has a value there, it gets a plain
  ///   `---`.
  ///
  /// The rows read are read again when they are written; the data source's
  /// `configureCell(_:at:)` must give the same cell both times, as for the text renderer.
  static func delimiters(for table: TableView, layout: inout TableLayout) -> [StaticString] {
    var delimiters: [StaticString] = layout.columns.map { column in
      switch column.alignment {
      case .left: " :--- |"
      case .right: " ---: |"
      case .center: " :---: |"
      case .automatic: " --- |"
      }
    }
    var undecided = Set(
      layout.columns.indices.filter { layout.columns[$0].alignment == .automatic })
    guard !undecided.isEmpty else { return delimiters }
    var cell = Cell("")
    table.visitLeadingRows(limit: alignmentLookahead) { reader, position in
      let object = reader.representedObject(at: position)
      reader.configureCell(&cell, at: position)
      let values = layout.textValues(of: cell, object: object)
      for column in undecided where values[column] != .empty {
        if values[column].isNumeric { delimiters[column] = " ---: |" }
        undecided.remove(column)
      }
      return !undecided.isEmpty
    }
    return delimiters
  }
}
