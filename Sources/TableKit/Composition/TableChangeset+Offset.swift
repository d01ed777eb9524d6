extension TableChangeset {
  /// This changeset with every section index moved by `offset`: a child's change in the
  /// positions of a wrapper that shows the child's sections from section `offset` on.
  ///
  /// - Complexity: O(c) for c changes.
  func offsettingSections(by offset: Int) -> TableChangeset {
    guard offset != 0 else { return self }
    func shift(_ position: TablePosition) -> TablePosition {
      TablePosition(section: position.section + offset, row: position.row)
    }
    return TableChangeset(
      deletedSections: deletedSections.map { $0 + offset },
      insertedSections: insertedSections.map { $0 + offset },
      movedSections: movedSections.map { SectionMove(from: $0.from + offset, to: $0.to + offset) },
      deletedRows: deletedRows.map(shift),
      insertedRows: insertedRows.map(shift),
      movedRows: movedRows.map { RowMove(from: shift($0.from), to: shift($0.to)) },
      reloadedRows: reloadedRows.map(shift),
      reconfiguredRows: reconfiguredRows.map(shift)
    )
  }
}
