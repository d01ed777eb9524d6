import TableKit

/// A run of consecutive rows of a ``BrowseLevelDataSource``, across its sections: what the
/// interactive browser draws, so a key costs the rows in the window, not the level's.
///
/// Rows are counted in one run through all sections (see
/// ``BrowseLevelDataSource/sectionStarts``). The window shows the sections its rows belong to;
/// a section's header title shows when the window holds the section's first row, its footer
/// when it holds the last, as in a scrolled table. A section without rows shows when its place
/// falls inside the window.
final class BrowseWindowDataSource: TableDataSource {
  private let level: BrowseLevelDataSource
  /// The level's sections shown, in order.
  private let sections: [Int]
  /// For each section shown, its first row shown and how many.
  private let rows: [(first: Int, count: Int)]

  /// The rows `range` (counted through all sections) of `level`.
  init(_ level: BrowseLevelDataSource, rows range: Range<Int>) {
    self.level = level
    let starts = level.sectionStarts
    let total = starts[starts.count - 1]
    var sections: [Int] = []
    var rows: [(first: Int, count: Int)] = []
    // The first section that ends after the window starts, by binary search.
    var low = 0
    var high = starts.count - 1
    while low < high {
      let middle = (low + high) / 2
      if starts[middle + 1] <= range.lowerBound { low = middle + 1 } else { high = middle }
    }
    // Sections without rows just before it, at the window's first place, show too.
    while low > 0, starts[low - 1] == starts[low], starts[low] >= range.lowerBound { low -= 1 }
    var section = low
    while section < starts.count - 1 {
      let start = starts[section]
      let end = starts[section + 1]
      // Past the window; at the level's end, the sections without rows that close it show.
      if start > range.upperBound || (start == range.upperBound && start != total) { break }
      if start == end {
        if start >= range.lowerBound {
          sections.append(section)
          rows.append((0, 0))
        }
      } else if end > range.lowerBound {
        let first = max(start, range.lowerBound)
        sections.append(section)
        rows.append((first - start, min(end, range.upperBound) - first))
      }
      section += 1
    }
    self.sections = sections
    self.rows = rows
  }

  var numberOfSections: Int { sections.count }

  func numberOfRows(inSection section: Int) -> Int {
    rows.indices.contains(section) ? rows[section].count : 0
  }

  var columns: [ColumnDefinition] { level.columns }

  func representedObject(at position: TablePosition) -> Any {
    levelPosition(position) ?? position
  }

  func cell(at position: TablePosition) -> Cell {
    guard let inLevel = levelPosition(position) else { return Cell("", isSelectable: false) }
    return level.cell(at: inLevel)
  }

  func titleForHeader(inSection section: Int) -> String? {
    guard sections.indices.contains(section), rows[section].first == 0 else { return nil }
    return level.titleForHeader(inSection: sections[section])
  }

  func titleForFooter(inSection section: Int) -> String? {
    guard sections.indices.contains(section) else { return nil }
    let shown = sections[section]
    let count = level.sectionStarts[shown + 1] - level.sectionStarts[shown]
    guard rows[section].first + rows[section].count == count else { return nil }
    return level.titleForFooter(inSection: shown)
  }

  /// The level's position for a position of this window.
  private func levelPosition(_ position: TablePosition) -> TablePosition? {
    guard sections.indices.contains(position.section), position.row >= 0,
      position.row < rows[position.section].count
    else { return nil }
    return TablePosition(
      section: sections[position.section], row: rows[position.section].first + position.row)
  }
}
