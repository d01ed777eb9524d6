package import TableKit

/// The rows of a ``RecordStreamDataSource`` over input already grouped by a column, drawn as
/// one section per group while they stream: a new section starts where the column's value
/// changes, titled with it (`(empty)` for an empty value), and the column itself is not shown.
///
/// The rows' reader must be a ``GroupedRecordReader`` for the same column, so a group that
/// comes back after another ends the rows with an error at its line and column (kept in
/// ``rows``' ``RecordStreamDataSource/error``), never a second section. Memory: the rows
/// stream as ``rows`` reads them; the reader keeps one text per group.
package final class GroupedRecordStream: GroupedStreamDataSource {
  /// The rows, read and shown without the group column: check its error after rendering.
  package let rows: RecordStreamDataSource
  private let groupColumn: Int
  /// The footer asked for (text, row counts).
  private let shaping: TableShaping
  @exclusivity(unchecked) private var key: String?
  @exclusivity(unchecked) private var label: String?
  @exclusivity(unchecked) package private(set) var sectionOfLoadedRow = -1
  /// Rows loaded in the current section, and in the one before it.
  @exclusivity(unchecked) private var sectionRows = 0
  @exclusivity(unchecked) private var previousSectionRows = 0
  /// Whether the rows ended (`loadRow` returned `false`).
  @exclusivity(unchecked) private var ended = false

  /// Groups `rows` by the column `column`.
  ///
  /// - Parameters:
  ///   - rows: The rows, made with `excluding: column` over a ``GroupedRecordReader``.
  ///   - column: The column whose values make the groups, by title.
  ///   - shaping: The footer asked for (``TableShaping/footer``,
  ///     ``TableShaping/countsRows``).
  ///   - inputName: The input as messages name it.
  /// - Throws: ``TableInputError/Reason/unknownColumn(_:available:)`` when the rows have no
  ///   such column.
  package init(
    rows: RecordStreamDataSource, groupedBy column: String, shaping: TableShaping,
    inputName: String
  ) throws(TableInputError) {
    guard let index = rows.readerColumns.firstIndex(of: column) else {
      throw TableInputError(
        path: inputName, position: nil,
        reason: .unknownColumn(column, available: rows.readerColumns))
    }
    self.rows = rows
    groupColumn = index
    self.shaping = shaping
  }

  package var columns: [ColumnDefinition] { rows.columns }

  package var rereadableRowCount: Int { rows.rereadableRowCount }

  package var numberOfSections: Int { 1 }

  package func numberOfRows(inSection section: Int) -> Int {
    rows.numberOfRows(inSection: section)
  }

  package func loadRow(_ row: Int) -> Bool {
    if row == 0 {
      key = nil
      sectionOfLoadedRow = -1
      sectionRows = 0
      ended = false
    }
    guard rows.loadRow(row) else {
      ended = true
      return false
    }
    let value = rows.loadedValue(inReaderColumn: groupColumn).text
    if value != key {
      key = value
      label = value.isEmpty ? "(empty)" : value
      sectionOfLoadedRow += 1
      previousSectionRows = sectionRows
      sectionRows = 0
    }
    sectionRows += 1
    return true
  }

  package func representedObject(at position: TablePosition) -> Any {
    rows.representedObject(at: position)
  }

  package func cell(at position: TablePosition) -> Cell { rows.cell(at: position) }

  package func configureCell(_ cell: inout Cell, at position: TablePosition) {
    rows.configureCell(&cell, at: position)
  }

  /// The loaded row's group: its value in the group column.
  package func titleForHeader(inSection section: Int) -> String? {
    section == sectionOfLoadedRow ? label : nil
  }

  /// The footer of `section`, once its rows were read: the loaded row's section after the rows
  /// ended, or the one before it.
  package func titleForFooter(inSection section: Int) -> String? {
    shaping.footerText(
      rows: ended && section == sectionOfLoadedRow ? sectionRows : previousSectionRows,
      original: nil)
  }
}
