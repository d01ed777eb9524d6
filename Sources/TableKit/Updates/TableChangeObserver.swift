/// An object told, synchronously, when a data source's content changed.
///
/// A ``TableView`` is the change observer of its data source; a data source made of other data
/// sources is the change observer of each of them, translates each changeset into its own
/// positions and passes it on to its own observer. Because the call is synchronous and returns
/// the table's verdict, nothing reads the table between a data change and its apply, and an
/// inconsistent change comes back as an error to the code that made it.
public protocol TableChangeObserver: AnyObject {
  /// Called by `dataSource` right after its content changed as `changeset` describes.
  ///
  /// - Parameters:
  ///   - dataSource: The data source whose content changed.
  ///   - changeset: The change, in the data source's own positions.
  /// - Throws: ``TableUpdateError`` when the change cannot be applied; the observer (and any
  ///   table above it) then keeps its old state.
  func dataSource(
    _ dataSource: any TableDataSource,
    didChange changeset: TableChangeset
  ) throws(TableUpdateError)
}

/// A data source whose content changes over time and reports each change to an observer.
///
/// The ``TableView`` it is bound to sets itself as ``changeObserver`` when bound (and clears it when
/// given another data source). After each change of its content, the data source calls
/// ``reportChange(_:)``, whose error says whether the table accepted the change:
///
/// ```swift
/// final class Inbox: ChangingTableDataSource {
///   weak var changeObserver: (any TableChangeObserver)?
///   private(set) var messages: [Message] = []
///
///   func receive(_ message: Message) throws(TableUpdateError) {
///     messages.append(message)
///     try reportChange(TableChangeset(insertedRows: [
///       TablePosition(section: 0, row: messages.count - 1)
///     ]))
///   }
///   // counts, representedObject(at:) …
/// }
/// ```
public protocol ChangingTableDataSource: TableDataSource {
  /// The object told of each change; implement it as a `weak` stored property.
  var changeObserver: (any TableChangeObserver)? { get set }
}

extension ChangingTableDataSource {
  /// Tells the ``changeObserver``, if any, that the content just changed as `changeset` says.
  ///
  /// - Parameter changeset: The change, in this data source's positions.
  /// - Throws: The observer's ``TableUpdateError`` when it refused the change.
  public func reportChange(_ changeset: TableChangeset) throws(TableUpdateError) {
    try changeObserver?.dataSource(self, didChange: changeset)
  }
}
