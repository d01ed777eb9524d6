import TableKit

/// A second, unrelated data source: a flat list of recently used details of any contact.
///
/// It shares no superclass with ``ContactCardDataSource``, yet shows the same types the same way.
final class RecentActivityDataSource: TableDataSource {
  var recent: [Any]
  private(set) var selectedObjects: [Any] = []

  init(recent: [Any]) {
    self.recent = recent
  }

  var numberOfSections: Int { 1 }

  func numberOfRows(inSection section: Int) -> Int { recent.count }

  func representedObject(at position: TablePosition) -> Any { recent[position.row] }

  func titleForHeader(inSection section: Int) -> String? { "Recent" }

  func didSelectRow(at position: TablePosition, representing object: Any) {
    selectedObjects.append(object)
  }
}
