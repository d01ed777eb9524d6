package import TableKit

/// What every row of a table shows at one moment, section by section: the state a changeset is
/// replayed on.
///
/// Each row is kept as its ``TableRendering/rowBody(of:)``, the row's line without the selection
/// mark, so two rows are "the same row" for the replay exactly when they show the same thing.
package struct TableRows: Hashable, Sendable {
  /// The rows' bodies, `sections[section][row]`.
  package let sections: [[String]]

  /// Reads every row `table` shows now.
  package init(_ table: TableView) {
    sections = table.shape.rowCounts.enumerated().map { section, rows in
      (0..<rows).map { row in
        (try? table.cell(at: TablePosition(section: section, row: row)))
          .map(TableRendering.rowBody(of:)) ?? ""
      }
    }
  }

  /// The table's shape: the number of rows in each section.
  package var shape: TableShape { TableShape(rowCounts: sections.map(\.count)) }

  /// Replays `changeset` on these rows by UIKit's batch-update rules and compares the result
  /// with `new`.
  ///
  /// The rules are the ones `TableView.performBatchUpdates(_:)` enforces: deletes and
  /// the sources of moves name old positions, inserts, the targets of moves, reloads and
  /// reconfigurations name new ones, and every other row keeps its order. Each surviving row
  /// carries what it showed to its new position; inserted, reloaded and reconfigured rows show
  /// whatever the new table shows. A row that arrives showing something else means the changeset
  /// left out a move, a reload or a delete-and-insert: the animation UIKit would run does not
  /// end where the table is.
  ///
  /// - Parameters:
  ///   - changeset: The changeset the data source reported.
  ///   - new: The rows after the change.
  /// - Returns: `nil` when the replay gives `new`, otherwise a message naming each row (up to
  ///   five) that comes out wrong, or the batch-update rule the changeset breaks.
  package func replayMismatch(_ changeset: TableChangeset, giving new: TableRows) -> String? {
    let update: TableBatchUpdate
    do {
      update = try TableBatchUpdate(changeset, from: shape, to: new.shape)
    } catch {
      return "The changeset \(changeset) cannot be applied by UIKit's rules: \(error)"
    }
    var replayed = new.sections.map { [String?](repeating: nil, count: $0.count) }
    var origin: [TablePosition: TablePosition] = [:]
    for (section, rows) in sections.enumerated() {
      for (row, body) in rows.enumerated() {
        let old = TablePosition(section: section, row: row)
        guard let position = update.newPosition(of: old) else { continue }
        replayed[position.section][position.row] = body
        origin[position] = old
      }
    }
    let fresh = Set(changeset.insertedRows + changeset.reloadedRows + changeset.reconfiguredRows)
    let insertedSections = Set(changeset.insertedSections)
    var problems: [String] = []
    for (section, rows) in new.sections.enumerated() where !insertedSections.contains(section) {
      for (row, body) in rows.enumerated() {
        let position = TablePosition(section: section, row: row)
        guard !fresh.contains(position), let carried = replayed[section][row], carried != body,
          let from = origin[position]
        else { continue }
        problems.append(
          "row \(row) of section \(section) would show \"\(carried)\" (carried from row "
            + "\(from.row) of section \(from.section)), but the table shows \"\(body)\"")
      }
    }
    guard !problems.isEmpty else { return nil }
    let shown = problems.prefix(5).map { "  " + $0 }.joined(separator: "\n")
    let more = problems.count > 5 ? "\n  … and \(problems.count - 5) more" : ""
    return "Replaying the changeset \(changeset) on the old table by UIKit's rules does not give "
      + "the new one (a move, a reload or a delete and insert is missing):\n" + shown + more
  }
}
