/// The data source that answers every row of one section itself, and the section there.
///
/// A wrapper that passes whole sections through unchanged (a ``ComposedDataSource`` with no
/// overrides of its own, a ``SegmentedDataSource``) can name the child that really holds a
/// section's rows. Renderers ask once per section (`TableDataSource.rowSource(forSection:)`)
/// and then read each row from that data source directly, at the same row index, instead of
/// passing every row through every level of the composition. Selection and everything else
/// still goes through the table's own data source.
package struct TableRowSource {
  /// The data source that answers the rows.
  package let dataSource: any TableDataSource
  /// The section in `dataSource` that holds them.
  package let section: Int

  /// Names `section` of `dataSource` as where a section's rows are read.
  ///
  /// - Parameters:
  ///   - dataSource: The data source that answers the rows.
  ///   - section: Its section that holds them, at the same row indexes.
  package init(dataSource: any TableDataSource, section: Int) {
    self.dataSource = dataSource
    self.section = section
  }

  /// The position in `dataSource` of `row`.
  ///
  /// - Parameter row: A row of the section.
  /// - Returns: The row's position in `dataSource`.
  @inlinable
  package func position(ofRow row: Int) -> TablePosition {
    TablePosition(section: section, row: row)
  }
}
