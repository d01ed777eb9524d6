import TableKit

/// Sections of strings that report whatever changeset they are told to, true or not.
final class Letters: ChangingTableDataSource {
  weak var changeObserver: (any TableChangeObserver)?
  var sections: [[String]]

  init(_ sections: [[String]]) {
    self.sections = sections
  }

  var numberOfSections: Int { sections.count }

  func numberOfRows(inSection section: Int) -> Int {
    sections.indices.contains(section) ? sections[section].count : 0
  }

  func representedObject(at position: TablePosition) -> Any {
    sections[position.section][position.row]
  }

  /// Replaces the rows, then tells the table, claiming `changeset`.
  func change(to sections: [[String]], claiming changeset: TableChangeset) throws {
    self.sections = sections
    try reportChange(changeset)
  }
}

func at(_ section: Int, _ row: Int) -> TablePosition {
  TablePosition(section: section, row: row)
}
