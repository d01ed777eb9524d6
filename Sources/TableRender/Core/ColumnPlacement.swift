import TableKit

/// Where a column's values line up in a format that declares it once for the whole table
/// (Markdown's delimiter row, LaTeX's column specification, Typst's `align`).
enum ColumnPlacement: Equatable {
  /// No placement was declared or decided; the format's default applies.
  case unspecified
  case left
  case right
  case center

  /// How many rows, at most, are read ahead to place automatic columns.
  ///
  /// Reading ahead holds one row at a time, so memory stays flat; the bound keeps a column
  /// that is empty in every row from costing a second read of the whole table.
  static let lookahead = 1_000

  /// The placement of each column, from its declaration and, for an automatic column, its
  /// first value that is not empty.
  ///
  /// - A column declared `.left`, `.right` or `.center` is placed so.
  /// - An automatic column is ``right`` when the first value it holds that is not empty,
  ///   reading the table in display order across sections, is a number; otherwise, and when
  ///   none of the first ``lookahead`` rows has a value there, it is ``unspecified``.
  ///
  /// The rows read are read again when they are written; the data source's
  /// `configureCell(_:at:)` must give the same cell both times, as for the text renderer.
  static func placements(for table: TableView, layout: inout TableLayout) -> [ColumnPlacement] {
    var placements: [ColumnPlacement] = layout.columns.map { column in
      switch column.alignment {
      case .left: .left
      case .right: .right
      case .center: .center
      case .automatic: .unspecified
      }
    }
    var undecided = Set(
      layout.columns.indices.filter { layout.columns[$0].alignment == .automatic })
    guard !undecided.isEmpty else { return placements }
    var cell = Cell("")
    table.visitLeadingRows(limit: lookahead) { reader, position in
      let object = reader.representedObject(at: position)
      reader.configureCell(&cell, at: position)
      let values = layout.textValues(of: cell, object: object)
      for column in undecided where values[column] != .empty {
        if values[column].isNumeric { placements[column] = .right }
        undecided.remove(column)
      }
      return !undecided.isEmpty
    }
    return placements
  }
}
