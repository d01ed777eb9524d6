import TableKit

/// One level as the browser shows it: the level's rows behind a column of row numbers.
///
/// Only selectable rows get a number, counted from 1 through the sections; the number is what a
/// person types (or what the highlight stands on). Status rows, such as the empty-state row, get
/// none. Cells are read through the level's ``TableView``, which checks every position, and the
/// represented object is the position itself, so the renderer draws exactly these cells.
final class BrowseLevelDataSource: TableDataSource {
  /// The level's table.
  private let table: TableView
  /// The selectable rows, in order; number `n` is `numbered[n - 1]`.
  let numbered: [TablePosition]
  /// The number of each selectable row.
  private let numbers: [TablePosition: Int]
  /// The number shown with a marker, in the interactive browser.
  var highlighted: Int?
  /// Whether labels leave room for the marker (the interactive browser).
  let marksHighlight: Bool

  /// Creates the browser's view of `table`.
  ///
  /// - Parameters:
  ///   - table: The level's table.
  ///   - marksHighlight: Whether labels leave room for the highlight marker.
  init(table: TableView, marksHighlight: Bool) {
    self.table = table
    self.marksHighlight = marksHighlight
    var numbered: [TablePosition] = []
    for section in 0..<table.numberOfSections {
      for row in 0..<table.shape.rowCounts[section] {
        let position = TablePosition(section: section, row: row)
        if (try? table.cell(at: position))?.isSelectable == true { numbered.append(position) }
      }
    }
    self.numbered = numbered
    self.numbers = Dictionary(
      uniqueKeysWithValues: numbered.enumerated().map { ($0.element, $0.offset + 1) })
  }

  var numberOfSections: Int { table.numberOfSections }

  func numberOfRows(inSection section: Int) -> Int {
    (try? table.numberOfRows(inSection: section)) ?? 0
  }

  func representedObject(at position: TablePosition) -> Any {
    position
  }

  /// The level's columns after an untitled number column; a level without columns shows its
  /// text and detail.
  var columns: [ColumnDefinition] {
    let own = table.dataSource.columns
    return [ColumnDefinition("")]
      + (own.isEmpty ? [ColumnDefinition(""), ColumnDefinition("")] : own)
  }

  func titleForHeader(inSection section: Int) -> String? {
    (try? table.titleForHeader(inSection: section)) ?? nil
  }

  func titleForFooter(inSection section: Int) -> String? {
    (try? table.titleForFooter(inSection: section)) ?? nil
  }

  func cell(at position: TablePosition) -> Cell {
    guard let base = try? table.cell(at: position) else { return Cell("", isSelectable: false) }
    var values: [CellValue] = [.text(label(for: position))]
    if base.values.isEmpty {
      values += [.text(base.text), base.detailText.map(CellValue.text) ?? .empty]
    } else {
      values += base.values
    }
    return Cell(
      base.text, detail: base.detailText, values: values, accessory: base.accessory,
      kind: base.kind, isSelectable: base.isSelectable)
  }

  /// The number of the row, with the marker when it is highlighted.
  private func label(for position: TablePosition) -> String {
    guard let number = numbers[position] else { return "" }
    guard marksHighlight else { return String(number) }
    // Padded to the widest number, so moving the highlight never changes a column's width.
    let digits = String(number)
    let padding = String(repeating: " ", count: String(numbered.count).count - digits.count)
    return (highlighted == number ? "> " : "  ") + padding + digits
  }
}
