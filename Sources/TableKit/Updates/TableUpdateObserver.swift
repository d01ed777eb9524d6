/// An object told about each batch update a ``TableView`` applied.
///
/// Tests use it to assert the exact updates a change produced; a UIKit adapter would replay
/// each changeset on a `UITableView` (see ``TableChangeset`` for the order).
public protocol TableUpdateObserver: AnyObject {
  /// Called after `table` checked and applied `changeset`: its shape and selection are already
  /// the new ones.
  ///
  /// - Parameters:
  ///   - table: The table that changed.
  ///   - changeset: The changes, as applied.
  func table(_ table: TableView, didPerformBatchUpdates changeset: TableChangeset)
}
