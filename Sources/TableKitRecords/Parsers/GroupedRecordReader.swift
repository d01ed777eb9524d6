package import TableKit

/// Reads the rows of another reader whose input is grouped by a column (each group's rows
/// together), and refuses a group that comes back after another: a
/// ``TableInputError/Reason/groupComesBack(column:key:row:)`` error at the field, so grouped
/// input never silently becomes two sections of one group.
///
/// A group is the text of the column's value (as ``TableShaping`` groups held rows); it keeps
/// the text of every group seen, one per group, and nothing per row. A column not (yet) among
/// the reader's columns reads as empty.
package struct GroupedRecordReader: RecordReader {
  private var base: any RecordReader
  private let column: String
  private let inputName: String
  /// The column's index among the reader's columns, once found.
  private var index: Int?
  /// The current group, and every group seen before it.
  private var current: String?
  private var seen: Set<String> = []
  /// Rows read, for the message.
  private var rowCount = 0

  /// Checks the rows `base` reads for groups of `column` that come back.
  ///
  /// - Parameters:
  ///   - base: The reader.
  ///   - column: The column whose values make the groups, by title.
  ///   - inputName: The input as messages name it.
  package init(_ base: any RecordReader, groupedBy column: String, inputName: String) {
    self.base = base
    self.column = column
    self.inputName = inputName
    index = base.columns.firstIndex(of: column)
  }

  package var columns: [String] { base.columns }

  package mutating func next() throws(TableInputError) -> [CellValue]? {
    guard let row = try base.next() else { return nil }
    try check(row, from: 0)
    return row
  }

  package mutating func appendNext(
    to values: inout [CellValue], width: Int
  ) throws(TableInputError) -> Bool {
    let first = values.count
    guard try base.appendNext(to: &values, width: width) else { return false }
    try check(values, from: first)
    return true
  }

  package mutating func fixColumns() { base.fixColumns() }

  package func position(ofField field: Int) -> JSONPosition? { base.position(ofField: field) }

  /// Notes the group of the row that starts at `first` in `values`, or throws when it is one
  /// seen before another.
  private mutating func check(_ values: [CellValue], from first: Int) throws(TableInputError) {
    rowCount += 1
    if index == nil { index = base.columns.firstIndex(of: column) }
    let key = index.map { first + $0 < values.count ? values[first + $0].text : "" } ?? ""
    if key == current { return }
    guard seen.insert(key).inserted else {
      throw TableInputError(
        path: inputName, position: index.flatMap { base.position(ofField: $0) },
        reason: .groupComesBack(column: column, key: key, row: rowCount))
    }
    current = key
  }
}
