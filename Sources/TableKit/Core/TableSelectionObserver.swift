/// An object told about selections after the data source has handled them.
///
/// The data source reacts to a selection within the table (a checkmark, a count); the observer,
/// usually the ``TableController``, owns the workflow around it (what a selection leads to).
public protocol TableSelectionObserver: AnyObject {
  /// Called after the data source's did-select hook.
  ///
  /// - Parameters:
  ///   - table: The table whose row was selected.
  ///   - position: The selected row.
  ///   - object: The object the row represents.
  func table(_ table: TableView, didSelectRowAt position: TablePosition, representing object: Any)
}
