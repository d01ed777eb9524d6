import TableKit
import TableKitNavigation

/// A flat table grouped into a hierarchy by some of its columns: an index of the first
/// column's values, a level per value listing the next column's values, and so on, and at the
/// bottom the rows of each group with every column.
///
/// Values are grouped by their text, in the order first seen, so the site follows the file.
struct GroupedSite {
  /// A level: the group values chosen from the index down.
  struct Level: NavigationDestination {
    var values: [String]
  }

  /// One group: its value, the groups under it, the rows in it (indexes into ``rows``).
  private final class Group {
    var order: [String] = []
    var children: [String: Group] = [:]
    var rows: [Int] = []
  }

  let title: String
  let columns: [ColumnDefinition]
  let groupColumns: [Int]
  let rows: [[CellValue]]
  private let root = Group()

  /// Groups `rows` by the columns at `groupColumns`.
  init(title: String, columns: [ColumnDefinition], groupColumns: [Int], rows: [[CellValue]]) {
    self.title = title
    self.columns = columns
    self.groupColumns = groupColumns
    self.rows = rows
    for (index, row) in rows.enumerated() {
      var group = root
      for column in groupColumns {
        let key = Self.key(row.indices.contains(column) ? row[column] : .empty)
        let next: Group
        if let known = group.children[key] {
          next = known
        } else {
          next = Group()
          group.children[key] = next
          group.order.append(key)
        }
        group = next
      }
      group.rows.append(index)
    }
  }

  /// The text a value is grouped by; an empty value is `(empty)`.
  private static func key(_ value: CellValue) -> String {
    let text = value.text
    return text.isEmpty ? "(empty)" : text
  }

  /// A stack on the index.
  func makeStack() throws(NavigationError) -> NavigationController {
    try NavigationController(rootDestination: Level(values: [])) {
      destination, _ throws(NavigationError) in
      guard let level = destination as? Level, let controller = makeLevel(level) else {
        throw .unknownDestination(String(describing: destination))
      }
      return controller
    }
  }

  /// The controller of `level`, or `nil` when no group has those values.
  private func makeLevel(_ level: Level) -> TableController? {
    var group = root
    for value in level.values {
      guard let child = group.children[value] else { return nil }
      group = child
    }
    let depth = level.values.count
    let levelTitle = level.values.last ?? title
    if depth == groupColumns.count {
      let items = group.rows.map { index in
        Cell(Self.key(rows[index].first ?? .empty), values: rows[index], isSelectable: false)
      }
      return TableController(
        title: levelTitle,
        dataSource: SectionedDataSource(sections: [TableSection(items: items)], columns: columns))
    }
    let items = group.order.map { value in
      Cell(
        value, values: [.text(value), .integer(count(group.children[value]))],
        accessory: .disclosureIndicator)
    }
    let name =
      columns.indices.contains(groupColumns[depth]) ? columns[groupColumns[depth]].title : "Group"
    return GroupController(
      title: levelTitle, level: level, items: items,
      columns: [ColumnDefinition(name), ColumnDefinition("Rows")])
  }

  /// How many rows a group holds, all the way down.
  private func count(_ group: Group?) -> Int {
    guard let group else { return 0 }
    return group.rows.count + group.children.values.reduce(0) { $0 + count($1) }
  }
}

/// A level of groups: each row leads to its group's level.
final class GroupController: TableController {
  private let level: GroupedSite.Level

  init(title: String, level: GroupedSite.Level, items: [Cell], columns: [ColumnDefinition]) {
    self.level = level
    super.init(
      title: title,
      dataSource: SectionedDataSource(sections: [TableSection(items: items)], columns: columns))
  }

  override func destination(
    forRowAt position: TablePosition, representing object: Any
  ) -> (any NavigationDestination)? {
    guard let cell = object as? Cell else { return nil }
    return GroupedSite.Level(values: level.values + [cell.text])
  }
}
