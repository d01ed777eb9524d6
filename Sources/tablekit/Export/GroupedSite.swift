package import TableKit
package import TableKitNavigation

/// A flat table grouped into a hierarchy by some of its columns: an index of the first
/// column's values, a level per value listing the next column's values, and so on, and at the
/// bottom the rows of each group with every column.
///
/// Values are grouped by the UTF-8 bytes of their text (TableKit's identity rule: `é` composed and
/// decomposed are two groups, as they are two page names), in the order first seen, so the site
/// follows the file.
package struct GroupedSite {
  /// A level: the group values chosen from the index down, compared byte for byte.
  package struct Level: NavigationDestination {
    package var values: [String]

    /// The level reached by choosing `values` from the index down.
    package init(values: [String]) {
      self.values = values
    }

    /// Whether the two levels have the same values, byte for byte.
    package static func == (lhs: Level, rhs: Level) -> Bool {
      lhs.values.count == rhs.values.count
        && zip(lhs.values, rhs.values).allSatisfy { ExactText.same($0, $1) }
    }

    /// Hashes the values' bytes, in agreement with `==`.
    package func hash(into hasher: inout Hasher) {
      hasher.combine(values.count)
      for value in values { ExactText.hash(value, into: &hasher) }
    }
  }

  /// One group: its value, the groups under it, the rows in it (indexes into ``rows``).
  private final class Group {
    var order: [String] = []
    var children: [ExactText: Group] = [:]
    var rows: [Int] = []
  }

  let title: String
  let columns: [ColumnDefinition]
  let groupColumns: [Int]
  let rows: [[CellValue]]
  private let root = Group()

  /// Groups `rows` by the columns at `groupColumns`.
  package init(title: String, columns: [ColumnDefinition], groupColumns: [Int], rows: [[CellValue]])
  {
    self.title = title
    self.columns = columns
    self.groupColumns = groupColumns
    self.rows = rows
    for (index, row) in rows.enumerated() {
      var group = root
      for column in groupColumns {
        let key = Self.key(row.indices.contains(column) ? row[column] : .empty)
        let next: Group
        if let known = group.children[ExactText(key)] {
          next = known
        } else {
          next = Group()
          group.children[ExactText(key)] = next
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
  package func makeStack() throws(NavigationError) -> NavigationController {
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
      guard let child = group.children[ExactText(value)] else { return nil }
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
        value, values: [.text(value), .integer(count(group.children[ExactText(value)]))],
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
