/// Which rows of a base data source a view shows, in which order, both ways: the one map that
/// ``FilteredDataSource`` and ``SortedDataSource`` keep, section for section (sections pass
/// through unchanged).
package struct RowMap {
  /// For each section, the base rows shown, in the order they are shown.
  private(set) var shown: [[Int]]
  /// For each section, each base row's place among the shown rows, or -1 when it is hidden.
  private(set) var place: [[Int]]

  /// The map of `shown` base rows over sections of `baseRowCounts` rows.
  init(shown: [[Int]], baseRowCounts: [Int]) {
    self.shown = shown
    place = baseRowCounts.map { [Int](repeating: -1, count: max(0, $0)) }
    for (section, rows) in shown.enumerated() {
      for (index, row) in rows.enumerated() where place[section].indices.contains(row) {
        place[section][row] = index
      }
    }
  }

  /// A map that shows nothing.
  static let empty = RowMap(shown: [], baseRowCounts: [])

  var numberOfSections: Int { shown.count }

  func numberOfRows(inSection section: Int) -> Int {
    shown.indices.contains(section) ? shown[section].count : 0
  }

  /// The shown rows a section, as the table sees them.
  var shownShape: TableShape { TableShape(rowCounts: shown.map(\.count)) }
  /// The base's rows a section when the map was made.
  var baseShape: TableShape { TableShape(rowCounts: place.map(\.count)) }

  /// The base position shown at `position`, or `nil` out of range.
  func basePosition(for position: TablePosition) -> TablePosition? {
    guard shown.indices.contains(position.section),
      shown[position.section].indices.contains(position.row)
    else { return nil }
    return TablePosition(section: position.section, row: shown[position.section][position.row])
  }

  /// Where the base row at `position` is shown, or `nil` when it is hidden or out of range.
  func shownPosition(ofBase position: TablePosition) -> TablePosition? {
    guard place.indices.contains(position.section),
      place[position.section].indices.contains(position.row)
    else { return nil }
    let row = place[position.section][position.row]
    return row >= 0 ? TablePosition(section: position.section, row: row) : nil
  }
}
