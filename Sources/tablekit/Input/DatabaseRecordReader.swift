import TableKit
import TableKitDatabase
import TableKitRecords

/// A database statement's rows as records, for the streaming data source: each step's values
/// appended as cells to the reused row, with nothing kept between rows.
struct DatabaseRecordReader: RecordReader {
  /// The statement, stepped from its first row.
  let statement: DatabaseStatement
  /// The input as messages name it (the file).
  let inputName: String
  /// What `NULL` becomes.
  let null: CellValue
  let columns: [String]
  private let width: Int

  /// A reader of `statement` from its first row.
  ///
  /// - Parameters:
  ///   - statement: The statement; reset here.
  ///   - inputName: The file, for messages.
  ///   - nullText: The text shown for `NULL`, or `nil` for an empty cell.
  init(statement: DatabaseStatement, inputName: String, nullText: String?) {
    statement.reset()
    self.statement = statement
    self.inputName = inputName
    null = nullText.map(CellValue.text) ?? .empty
    columns = statement.columnNames
    width = columns.count
  }

  mutating func next() throws(TableInputError) -> [CellValue]? {
    var row: [CellValue] = []
    row.reserveCapacity(width)
    return try appendNext(to: &row, width: width) ? row : nil
  }

  mutating func appendNext(to values: inout [CellValue], width: Int) throws(TableInputError)
    -> Bool
  {
    do {
      guard try statement.step() else { return false }
    } catch {
      // The message names the table (or the query) and what SQLite found.
      var described = error
      described.path = nil
      throw TableInputError(
        path: inputName, position: nil, reason: .cannotRead(described.description))
    }
    for index in 0..<width {
      guard index < self.width else {
        values.append(.empty)
        continue
      }
      let value = statement.value(at: index)
      values.append(value == .null ? null : value.cellValue)
    }
    return true
  }
}
