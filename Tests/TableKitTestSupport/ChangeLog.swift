package import TableKit

/// Records every changeset a table applied, for the tests of changes in several test targets.
package final class ChangeLog: TableUpdateObserver {
  /// The changesets, oldest first.
  package var changesets: [TableChangeset] = []

  /// Creates an empty log.
  package init() {}

  /// Appends `changeset`.
  package func table(_ table: TableView, didPerformBatchUpdates changeset: TableChangeset) {
    changesets.append(changeset)
  }
}

/// The position of `row` in `section`, short for the tables of expected positions.
package func pos(_ section: Int, _ row: Int) -> TablePosition {
  TablePosition(section: section, row: row)
}
