/// A data source whose rows are read once, front to back, as a renderer asks for them: the rows
/// of a CSV file or of a pipe, which may not fit in memory and whose number is not known until
/// the input ends.
///
/// It has one section. ``TableDataSource/numberOfRows(inSection:)`` answers the rows read so far,
/// so a ``TableView`` made from it starts with the rows already buffered, not the whole input. A
/// renderer walks it with ``loadRow(_:)`` from row 0 until that returns `false`, and after each
/// loaded row asks ``TableDataSource/representedObject(at:)`` and
/// ``TableDataSource/configureCell(_:at:)`` for that row.
///
/// A pass that must see rows before drawing them (column widths, alignment) reads at most
/// ``rereadableRowCount`` rows and then starts again from row 0: a source over a pipe keeps its
/// first rows in a buffer; a source over a file it can reopen says `Int.max`.
///
/// ```swift
/// var row = 0
/// while source.loadRow(row) {
///   source.configureCell(&cell, at: TablePosition(section: 0, row: row))
///   row += 1
/// }
/// ```
package protocol StreamedTableDataSource: TableDataSource {
  /// Makes row `row` of the only section the current one.
  ///
  /// Rows are asked for in order from 0, and again from 0 after a pass over at most
  /// ``rereadableRowCount`` rows. After each, a renderer asks
  /// ``TableDataSource/configureCell(_:at:)`` once: a source may then move the row's values
  /// into the renderer's reused cell rather than copy them, so asking a second time for the
  /// same loaded row may cost a new read.
  ///
  /// - Parameter row: The row, counted from zero.
  /// - Returns: `false` when the input ends before `row` (or cannot be read: the source keeps
  ///   the error for its owner to report).
  func loadRow(_ row: Int) -> Bool

  /// How many rows from the start can be read again after later ones were: the rows a source
  /// over a pipe keeps, or `Int.max` when the whole input can be read again.
  var rereadableRowCount: Int { get }
}
