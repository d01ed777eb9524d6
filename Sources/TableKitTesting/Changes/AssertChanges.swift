public import TableKit

/// Runs a change and checks, in one line, the changesets the table received during it.
///
/// ```swift
/// try assertChanges(in: table, "deleted rows [(0, 1)], moved rows [(1, 0)→(0, 0)]") {
///   try contacts.apply(snapshot)
/// }
/// ```
///
/// `expected` is the changesets' `TableChangeset.description`s joined by `"; "` (or
/// `"no changes"`): deletes, inserts, moves and reloads in table positions, `(section, row)`.
/// Besides comparing them, every changeset is replayed on the table as it was before it, by
/// UIKit's batch-update rules, and the result must be the table after it; a changeset that says
/// `"no changes"` while rows changed, or misses a move, fails even when `expected` was written
/// to match it.
///
/// The table's `TableView.updateObserver` is replaced while `change` runs and given
/// back afterwards; the previous observer still hears every changeset.
///
/// - Parameters:
///   - table: The table whose data source changes.
///   - expected: The changesets in one line.
///   - fileID: The caller's file ID; leave the default.
///   - filePath: The caller's file path; leave the default.
///   - line: The caller's line; leave the default.
///   - column: The caller's column; leave the default.
///   - change: The code that changes the data source.
/// - Returns: What `change` returns.
/// - Throws: What `change` throws, after checking the changesets received until then.
@discardableResult
public func assertChanges<Result>(
  in table: TableView,
  _ expected: String,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  during change: () throws -> Result
) rethrows -> Result {
  let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  let recorder = ChangeRecorder(table)
  defer { recorder.finish(expected: expected, at: site) }
  return try change()
}

/// Listens to a table's batch updates during ``assertChanges(in:_:fileID:filePath:line:column:during:)``,
/// replaying each one as it arrives.
final class ChangeRecorder: TableUpdateObserver {
  private let table: TableView
  private weak var previous: (any TableUpdateObserver)?
  private var rows: TableRows
  private(set) var changesets: [TableChangeset] = []
  private var problems: [String] = []

  init(_ table: TableView) {
    self.table = table
    self.previous = table.updateObserver
    self.rows = TableRows(table)
    table.updateObserver = self
  }

  func table(_ table: TableView, didPerformBatchUpdates changeset: TableChangeset) {
    let new = TableRows(table)
    if let problem = rows.replayMismatch(changeset, giving: new) { problems.append(problem) }
    rows = new
    changesets.append(changeset)
    previous?.table(table, didPerformBatchUpdates: changeset)
  }

  /// Gives the table its observer back and reports what went wrong.
  func finish(expected: String, at site: CallSite) {
    table.updateObserver = previous
    let actual =
      changesets.isEmpty ? "no changes" : changesets.map(\.description).joined(separator: "; ")
    if actual != expected {
      TestFailure.record(
        "The table received other changes than expected.\n  expected: \(expected)\n"
          + "  actual:   \(actual)", at: site)
    }
    let now = TableRows(table)
    if changesets.isEmpty, now != rows {
      problems.append(
        "The table's rows changed but it received no changeset (was reloadData() meant?).")
    }
    for problem in problems { TestFailure.record(problem, at: site) }
  }
}
