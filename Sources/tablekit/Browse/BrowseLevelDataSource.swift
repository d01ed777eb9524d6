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
  /// Where each section's rows start when the rows of all sections are counted in one run
  /// from 0; the last entry is the number of rows.
  let sectionStarts: [Int]
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
    var starts = [0]
    for section in 0..<table.numberOfSections {
      starts.append(starts[section] + table.shape.rowCounts[section])
      for row in 0..<table.shape.rowCounts[section] {
        let position = TablePosition(section: section, row: row)
        if (try? table.cell(at: position))?.isSelectable == true { numbered.append(position) }
      }
    }
    self.numbered = numbered
    self.sectionStarts = starts
  }

  /// The number of rows in all sections.
  var numberOfRowsInAllSections: Int { sectionStarts[sectionStarts.count - 1] }

  /// The index of `position` among the rows of all sections, counted from 0.
  func index(of position: TablePosition) -> Int {
    sectionStarts[position.section] + position.row
  }

  /// The number of the selectable row at `position`, or `nil`: a binary search of `numbered`.
  ///
  /// - Complexity: O(log s) for s selectable rows; no table of numbers is kept, which for a
  ///   level of a million rows would take tens of megabytes.
  func number(of position: TablePosition) -> Int? {
    var low = 0
    var high = numbered.count
    while low < high {
      let middle = (low + high) / 2
      if numbered[middle] < position { low = middle + 1 } else { high = middle }
    }
    return low < numbered.count && numbered[low] == position ? low + 1 : nil
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
    guard let number = number(of: position) else { return "" }
    guard marksHighlight else { return String(number) }
    // Padded to the widest number, so moving the highlight never changes a column's width.
    let digits = String(number)
    let padding = String(repeating: " ", count: String(numbered.count).count - digits.count)
    return (highlighted == number ? "> " : "  ") + padding + digits
  }
}
