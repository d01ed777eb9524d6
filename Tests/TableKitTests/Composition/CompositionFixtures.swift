import TableKit
import TableKitTestSupport

/// A row of the composition tests: an identity and a value a filter can look at.
struct Thing: Identifiable, Equatable, Hashable, Sendable, CustomStringConvertible {
  var id: Int
  var value: Int
  var description: String { "thing \(id)=\(value)" }
}

/// A leaf the tests change: sections and items by identifier.
final class ThingList: DiffableDataSource<Int, Thing> {
  private(set) var selected: [(TablePosition, Int)] = []
  private(set) var deselected: [TablePosition] = []

  /// Builds the list with `sections`, each an identifier and its things.
  convenience init(_ sections: [(Int, [Thing])]) throws {
    self.init()
    var snapshot = TableSnapshot<Int, Int>()
    try snapshot.appendSections(sections.map(\.0))
    for (section, things) in sections {
      try snapshot.appendItems(things.map(\.id), toSection: section)
    }
    try apply(snapshot, items: sections.flatMap(\.1))
  }

  /// The content, as the UIKit model reads it.
  var model: [UIKitBatchModel.Section] {
    snapshot.sectionIdentifiers.map { section in
      UIKitBatchModel.Section(
        identifier: section,
        items: (try? snapshot.itemIdentifiers(inSection: section)) ?? [])
    }
  }

  override func didSelectRow(at position: TablePosition, representing object: Any) {
    selected.append((position, (object as? Thing)?.id ?? -1))
  }

  override func didDeselectRow(at position: TablePosition) {
    deselected.append(position)
  }
}

/// A child with its own selection rules: row 0 vetoed, row 1 sent to row 2, row 3 sent to a
/// row it does not have.
final class PickyList: TableDataSource {
  var items: [String]
  var representations = RepresentationRegistry()
  private(set) var selected: [(TablePosition, String)] = []
  private(set) var deselected: [TablePosition] = []

  init(_ items: [String]) { self.items = items }

  var numberOfSections: Int { 1 }
  func numberOfRows(inSection section: Int) -> Int { items.count }
  func representedObject(at position: TablePosition) -> Any {
    items.indices.contains(position.row) ? items[position.row] : ""
  }
  func titleForHeader(inSection section: Int) -> String? { "Picky" }
  func titleForFooter(inSection section: Int) -> String? { "\(items.count) items" }
  func willSelectRow(at position: TablePosition) -> TablePosition? {
    switch position.row {
    case 0: nil
    case 1: TablePosition(section: 0, row: 2)
    case 3: TablePosition(section: 0, row: 99)
    default: position
    }
  }
  func didSelectRow(at position: TablePosition, representing object: Any) {
    selected.append((position, object as? String ?? "?"))
  }
  func didDeselectRow(at position: TablePosition) { deselected.append(position) }
}

/// The snapshot with `edit` made to a copy.
func edited(
  _ snapshot: TableSnapshot<Int, Int>,
  _ edit: (inout TableSnapshot<Int, Int>) throws -> Void
) rethrows -> TableSnapshot<Int, Int> {
  var copy = snapshot
  try edit(&copy)
  return copy
}
