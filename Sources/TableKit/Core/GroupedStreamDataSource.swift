/// A streamed data source whose rows come in groups, one group after another: input that is
/// already grouped, so each group can be drawn as a section while the rows stream.
///
/// Rows are read as for any ``StreamedTableDataSource``, with ``loadRow(_:)`` from row 0 (row
/// numbers count through every group). After each loaded row, ``sectionOfLoadedRow`` says its
/// section: 0 for the first row's group, one more each time a new group starts. A renderer
/// starts a section where that number changes and asks
/// ``TableDataSource/titleForHeader(inSection:)`` for the loaded row's section then; it asks
/// ``TableDataSource/titleForFooter(inSection:)`` for a section once its last row was read
/// (after the next group's first row was loaded, or after ``loadRow(_:)`` returned `false`).
///
/// The source decides what a group is; one that finds a group's rows apart (a group that
/// comes back after another) stops there and keeps the error for its owner, as for any read
/// error: it never starts a second section for the same group.
///
/// ```swift
/// var row = 0
/// var section = -1
/// while source.loadRow(row) {
///   if source.sectionOfLoadedRow != section {
///     section = source.sectionOfLoadedRow
///     print(source.titleForHeader(inSection: section) ?? "")
///   }
///   row += 1
/// }
/// ```
package protocol GroupedStreamDataSource: StreamedTableDataSource {
  /// The section of the row ``StreamedTableDataSource/loadRow(_:)`` loaded last, counted from
  /// 0 in reading order.
  var sectionOfLoadedRow: Int { get }
}
