extension TableSnapshot {
  /// The changeset that turns a table showing `old` into one showing this snapshot.
  ///
  /// Items are matched by identifier, sections likewise. A section or item only here is
  /// inserted, one only in `old` is deleted. Of the sections in both, a longest run that kept
  /// its order stays put and the others move; within each section in both, a longest run of the
  /// items that stayed in it and kept their order stays put, and the others move, as does every
  /// item that changed section. So the changeset moves exactly the rows that moved: deleting or
  /// inserting rows around a row never makes it a move. An item that leaves a deleted section or
  /// arrives in an inserted one is deleted and inserted instead (UIKit moves no row out of a
  /// deleted section or into an inserted one).
  ///
  /// Items marked with ``reloadItems(_:)`` in this snapshot, and items for which
  /// `contentEquals` answers `false`, are listed in ``TableChangeset/reloadedRows``; items marked
  /// with ``reconfigureItems(_:)`` and not reloaded in ``TableChangeset/reconfiguredRows``.
  /// Rows that are inserted need neither.
  ///
  /// ```swift
  /// let changes = new.difference(from: old) { id in oldContacts[id] == newContacts[id] }
  /// try table.performBatchUpdates(changes)
  /// ```
  ///
  /// This is Heckel's idea (match by identity through a table of where each one was) with the
  /// snapshots' own indexes as the tables, and a longest increasing subsequence for what stays.
  ///
  /// - Parameters:
  ///   - old: The snapshot the table shows now.
  ///   - contentEquals: Whether the item with this identifier shows the same content in both
  ///     snapshots; asked only for items in both. `nil` (the default) treats all as unchanged.
  /// - Returns: The changeset, in the order described at ``TableChangeset``.
  /// - Complexity: O(n + m) on average for n items here and m in `old`, plus O(k log k) for
  ///   the k items that stay in a section when some of them changed order (O(k) when none
  ///   did), and the same for sections.
  @inlinable
  public func difference(
    from old: TableSnapshot,
    contentEquals: ((ItemID) -> Bool)? = nil
  ) -> TableChangeset {
    var changes = TableChangeset()

    // Sections: matched by identifier; the common ones keep a longest increasing run in place.
    var newSectionOfOld = [Int](repeating: -1, count: old.sectionStorage.count)
    var oldSectionOfNew = [Int](repeating: -1, count: sectionStorage.count)
    var commonNew: [Int] = []
    var commonOld: [Int] = []
    for (newSection, identifier) in sectionStorage.enumerated() {
      if let oldSection = old.sectionIndex[identifier] {
        oldSectionOfNew[newSection] = oldSection
        newSectionOfOld[oldSection] = newSection
        commonNew.append(newSection)
        commonOld.append(oldSection)
      } else {
        changes.insertedSections.append(newSection)
      }
    }
    for (oldSection, newSection) in newSectionOfOld.enumerated() where newSection < 0 {
      changes.deletedSections.append(oldSection)
    }
    let sectionsKept = LongestIncreasingSubsequence.members(of: commonOld)
    for (offset, kept) in sectionsKept.enumerated() where !kept {
      changes.movedSections.append(
        TableChangeset.SectionMove(from: commonOld[offset], to: commonNew[offset]))
    }

    // Rows of sections that are not inserted: each is found in `old` by identifier. `survives`
    // marks, by old flat index, the old rows that reach a section that is not inserted.
    var oldStart = [Int](repeating: 0, count: old.itemStorage.count)
    var total = 0
    for (section, rows) in old.itemStorage.enumerated() {
      oldStart[section] = total
      total += rows.count
    }
    var survives = [Bool](repeating: false, count: total)
    let marksReloads = !reloaded.isEmpty
    let marksReconfigures = !reconfigured.isEmpty
    // For each row of a section, the old row of its item when the item stays in the section,
    // else -1.
    var stayingOldRows: [Int] = []
    var movesAreSorted = true
    for (newSection, rows) in itemStorage.enumerated() {
      let oldSection = oldSectionOfNew[newSection]
      guard oldSection >= 0 else { continue }  // inserted: its rows come with it
      stayingOldRows.removeAll(keepingCapacity: true)
      stayingOldRows.reserveCapacity(rows.count)
      // Where the previous item was found in `old`: the next item is most often the next old
      // row, or the one after (a row deleted between), and checking costs one comparison of
      // items close in memory instead of a hash and a look-up at a random place.
      var guessSection = -1
      var guessRows: [ItemID] = []
      var guessRow = 0
      for (row, identifier) in rows.enumerated() {
        let position = TablePosition(section: newSection, row: row)
        let packed: Int
        if guessRow < guessRows.count && guessRows[guessRow] == identifier {
          packed = TableSnapshotIndex.pack(section: guessSection, row: guessRow)
        } else if guessRow + 1 < guessRows.count && guessRows[guessRow + 1] == identifier {
          packed = TableSnapshotIndex.pack(section: guessSection, row: guessRow + 1)
        } else if let found = old.itemIndex.find(identifier, in: old.itemStorage) {
          packed = found
          if TableSnapshotIndex.section(found) != guessSection {
            guessSection = TableSnapshotIndex.section(found)
            guessRows = old.itemStorage[guessSection]
          }
        } else {
          changes.insertedRows.append(position)
          stayingOldRows.append(-1)
          continue
        }
        guessRow = TableSnapshotIndex.row(packed) + 1
        let fromSection = TableSnapshotIndex.section(packed)
        let fromRow = TableSnapshotIndex.row(packed)
        if newSectionOfOld[fromSection] < 0 {
          // Its old section is deleted, and took the old row with it.
          changes.insertedRows.append(position)
          stayingOldRows.append(-1)
          continue
        }
        survives[oldStart[fromSection] + fromRow] = true
        if fromSection == oldSection {
          stayingOldRows.append(fromRow)
        } else {
          stayingOldRows.append(-1)
          changes.movedRows.append(
            TableChangeset.RowMove(
              from: TablePosition(section: fromSection, row: fromRow), to: position))
        }
        if (marksReloads && reloaded.contains(identifier))
          || !(contentEquals?(identifier) ?? true)
        {
          changes.reloadedRows.append(position)
        } else if marksReconfigures && reconfigured.contains(identifier) {
          changes.reconfiguredRows.append(position)
        }
      }
      let rowsKept = LongestIncreasingSubsequence.members(of: stayingOldRows)
      var sectionHasStayMoves = false
      for (row, kept) in rowsKept.enumerated() where !kept && stayingOldRows[row] >= 0 {
        sectionHasStayMoves = true
        changes.movedRows.append(
          TableChangeset.RowMove(
            from: TablePosition(section: oldSection, row: stayingOldRows[row]),
            to: TablePosition(section: newSection, row: row)))
      }
      // Moves within the section came after the moves into it: sort them by destination.
      if sectionHasStayMoves { movesAreSorted = false }
    }
    if !movesAreSorted { changes.movedRows.sort { $0.to < $1.to } }

    // Old rows that reach no surviving place: deleted, unless their section is.
    for (oldSection, rows) in old.itemStorage.enumerated() where newSectionOfOld[oldSection] >= 0 {
      let start = oldStart[oldSection]
      for row in rows.indices where !survives[start + row] {
        changes.deletedRows.append(TablePosition(section: oldSection, row: row))
      }
    }
    return changes
  }
}
