/// A changeset checked against the table before and after it, with the way every old row that
/// survives reaches its new place.
///
/// Building one checks every rule listed at ``TableChangeset`` and every count; a value only
/// exists for a consistent update, so the table changes nothing until one is made.
package struct TableBatchUpdate {
  /// For each old section, its index in the new table, or `-1` when it is deleted.
  private var newSectionOfOld: [Int]
  /// For each old section, its rows that leave it (deleted or moved out), sorted.
  private var leaving: [[Int]]
  /// For each new section, its rows that arrive (inserted or moved in), sorted.
  private var arriving: [[Int]]
  /// Rows deleted, at old positions.
  private var deleted: Set<TablePosition>
  /// Where each moved row goes.
  private var moves: [TablePosition: TablePosition]

  /// Checks `changeset` against the shape `old` before it and `new` after it.
  ///
  /// - Throws: ``TableUpdateError`` for the first rule or count it breaks.
  /// - Complexity: O(s + c log c) for s sections and c changes.
  package init(
    _ changeset: TableChangeset,
    from old: TableShape,
    to new: TableShape
  ) throws(TableUpdateError) {
    let oldSections = old.numberOfSections
    let newSections = new.numberOfSections

    // Sections.
    var deletedSections = Set<Int>()
    for section in changeset.deletedSections {
      guard section >= 0 && section < oldSections else {
        throw .sectionOutOfRange(.deleteSection, section: section, numberOfSections: oldSections)
      }
      guard deletedSections.insert(section).inserted else {
        throw .duplicateSection(.deleteSection, section: section)
      }
    }
    var insertedSections = Set<Int>()
    for section in changeset.insertedSections {
      guard section >= 0 && section < newSections else {
        throw .sectionOutOfRange(.insertSection, section: section, numberOfSections: newSections)
      }
      guard insertedSections.insert(section).inserted else {
        throw .duplicateSection(.insertSection, section: section)
      }
    }
    var newSectionOfOld = [Int](repeating: -2, count: oldSections)
    var takenNewSections = insertedSections
    for move in changeset.movedSections {
      guard move.from >= 0 && move.from < oldSections else {
        throw .sectionOutOfRange(
          .moveSectionFrom, section: move.from, numberOfSections: oldSections)
      }
      guard move.to >= 0 && move.to < newSections else {
        throw .sectionOutOfRange(.moveSectionTo, section: move.to, numberOfSections: newSections)
      }
      guard !deletedSections.contains(move.from) && newSectionOfOld[move.from] == -2 else {
        throw .duplicateSection(.moveSectionFrom, section: move.from)
      }
      guard takenNewSections.insert(move.to).inserted else {
        throw .duplicateSection(.moveSectionTo, section: move.to)
      }
      newSectionOfOld[move.from] = move.to
    }
    guard oldSections - deletedSections.count == newSections - insertedSections.count else {
      throw .sectionCountMismatch(
        oldCount: oldSections, deleted: deletedSections.count,
        inserted: insertedSections.count, actualCount: newSections)
    }
    // Sections neither deleted nor moved keep their order and fill the free new indices.
    var freeNewSection = 0
    for oldSection in 0..<oldSections {
      if deletedSections.contains(oldSection) {
        newSectionOfOld[oldSection] = -1
      } else if newSectionOfOld[oldSection] == -2 {
        while takenNewSections.contains(freeNewSection) { freeNewSection += 1 }
        newSectionOfOld[oldSection] = freeNewSection
        freeNewSection += 1
      }
    }
    var oldSectionOfNew = [Int](repeating: -1, count: newSections)
    for (oldSection, newSection) in newSectionOfOld.enumerated() where newSection >= 0 {
      oldSectionOfNew[newSection] = oldSection
    }

    // Rows leaving their old sections.
    func checkOld(_ position: TablePosition, _ step: TableUpdateError.Step) throws(TableUpdateError)
    {
      guard old.contains(position) else {
        throw .rowOutOfRange(step, position: position, shape: old)
      }
      if deletedSections.contains(position.section) {
        throw .rowInDeletedSection(step, position: position)
      }
    }
    func checkNew(_ position: TablePosition, _ step: TableUpdateError.Step) throws(TableUpdateError)
    {
      guard new.contains(position) else {
        throw .rowOutOfRange(step, position: position, shape: new)
      }
      if insertedSections.contains(position.section) {
        throw .rowInInsertedSection(step, position: position)
      }
    }
    var leaving = [[Int]](repeating: [], count: oldSections)
    var arriving = [[Int]](repeating: [], count: newSections)
    var deleted = Set<TablePosition>()
    for position in changeset.deletedRows {
      try checkOld(position, .deleteRow)
      guard deleted.insert(position).inserted else {
        throw .duplicateRow(.deleteRow, position: position)
      }
      leaving[position.section].append(position.row)
    }
    var inserted = Set<TablePosition>()
    for position in changeset.insertedRows {
      try checkNew(position, .insertRow)
      guard inserted.insert(position).inserted else {
        throw .duplicateRow(.insertRow, position: position)
      }
      arriving[position.section].append(position.row)
    }
    var moves: [TablePosition: TablePosition] = [:]
    var moveDestinations = Set<TablePosition>()
    for move in changeset.movedRows {
      try checkOld(move.from, .moveRowFrom)
      try checkNew(move.to, .moveRowTo)
      guard !deleted.contains(move.from) && moves.updateValue(move.to, forKey: move.from) == nil
      else {
        throw .duplicateRow(.moveRowFrom, position: move.from)
      }
      guard !inserted.contains(move.to) && moveDestinations.insert(move.to).inserted else {
        throw .duplicateRow(.moveRowTo, position: move.to)
      }
      leaving[move.from.section].append(move.from.row)
      arriving[move.to.section].append(move.to.row)
    }
    for (list, step) in [
      (changeset.reloadedRows, TableUpdateError.Step.reloadRow),
      (changeset.reconfiguredRows, .reconfigureRow),
    ] {
      var seen = Set<TablePosition>()
      for position in list {
        guard new.contains(position) else {
          throw .rowOutOfRange(step, position: position, shape: new)
        }
        guard seen.insert(position).inserted else {
          throw .duplicateRow(step, position: position)
        }
      }
    }

    // Counts: every section that is not inserted.
    for (newSection, oldSection) in oldSectionOfNew.enumerated() where oldSection >= 0 {
      let oldCount = old.rowCounts[oldSection]
      let leavingRows = leaving[oldSection]
      let deletedCount = leavingRows.count {
        deleted.contains(TablePosition(section: oldSection, row: $0))
      }
      let arrivingRows = arriving[newSection]
      let insertedCount = arrivingRows.count {
        inserted.contains(TablePosition(section: newSection, row: $0))
      }
      let counts = TableUpdateError.RowCountMismatch(
        section: newSection, oldSection: oldSection, oldCount: oldCount, deleted: deletedCount,
        movedOut: leavingRows.count - deletedCount, inserted: insertedCount,
        movedIn: arrivingRows.count - insertedCount, actualCount: new.rowCounts[newSection])
      guard counts.expectedCount == counts.actualCount else { throw .rowCountMismatch(counts) }
    }

    self.newSectionOfOld = newSectionOfOld
    self.leaving = leaving.map { $0.sorted() }
    self.arriving = arriving.map { $0.sorted() }
    self.deleted = deleted
    self.moves = moves
  }

  /// The index in the new table of the old `section`, or `nil` when it was deleted or is out of
  /// range.
  package func newSection(ofOld section: Int) -> Int? {
    guard newSectionOfOld.indices.contains(section), newSectionOfOld[section] >= 0 else {
      return nil
    }
    return newSectionOfOld[section]
  }

  /// Where the row at `position` of the old table is in the new one, or `nil` when it was
  /// deleted (with its section or alone).
  ///
  /// A row that is not moved keeps its order among the rows that stay in its section, which
  /// fill the places the inserted and moved-in rows leave free.
  ///
  /// - Complexity: O(log c + a) for c rows leaving its section and a arriving before it.
  package func newPosition(of position: TablePosition) -> TablePosition? {
    guard newSectionOfOld.indices.contains(position.section) else { return nil }
    let newSection = newSectionOfOld[position.section]
    guard newSection >= 0, !deleted.contains(position) else { return nil }
    if let destination = moves[position] { return destination }
    let leavingRows = leaving[position.section]
    var low = 0
    var high = leavingRows.count
    while low < high {
      let middle = (low + high) / 2
      if leavingRows[middle] < position.row { low = middle + 1 } else { high = middle }
    }
    var row = position.row - low
    for taken in arriving[newSection] {
      guard taken <= row else { break }
      row += 1
    }
    return TablePosition(section: newSection, row: row)
  }
}
