import TableKit

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
