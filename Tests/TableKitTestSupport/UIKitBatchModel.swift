package import TableKit

/// A small, deliberately naive model of what `UITableView.performBatchUpdates` accepts and does,
/// written apart from the library's own checks so that each can catch the other's mistakes.
///
/// `replay` plays a changeset on the old content the way UIKit does and returns the content the
/// table would show afterwards, or every rule the changeset broke.
package enum UIKitBatchModel {
  /// A section as UIKit sees it: an identifier and its items.
  package struct Section: Equatable {
    /// The section's identifier.
    package var identifier: Int
    /// The items' identifiers, in order.
    package var items: [Int]

    /// Creates a section.
    package init(identifier: Int, items: [Int]) {
      self.identifier = identifier
      self.items = items
    }
  }

  /// Replays step 1 of `changeset` on `old`, asking `new` (the data source after the change)
  /// for inserted sections and rows, then checks step 2 against the new content.
  package static func replay(
    _ changeset: TableChangeset,
    old: [Section],
    new: [Section]
  ) -> Result<[Section], Violations> {
    var problems: [String] = []
    let oldCount = old.count
    let newCount = new.count
    func distinct<T: Hashable>(_ list: [T], _ name: String) {
      if Set(list).count != list.count { problems.append("\(name) repeats an entry: \(list)") }
    }

    // Sections.
    distinct(changeset.deletedSections, "deleted sections")
    distinct(changeset.insertedSections, "inserted sections")
    distinct(changeset.movedSections.map(\.from), "section move sources")
    distinct(changeset.movedSections.map(\.to), "section move destinations")
    for section in changeset.deletedSections where !(0..<oldCount).contains(section) {
      problems.append("deleted section \(section) not in the old table")
    }
    for section in changeset.insertedSections where !(0..<newCount).contains(section) {
      problems.append("inserted section \(section) not in the new table")
    }
    for move in changeset.movedSections {
      if !(0..<oldCount).contains(move.from) { problems.append("section move from \(move.from)") }
      if !(0..<newCount).contains(move.to) { problems.append("section move to \(move.to)") }
      if changeset.deletedSections.contains(move.from) {
        problems.append("section \(move.from) both deleted and moved")
      }
      if changeset.insertedSections.contains(move.to) {
        problems.append("section \(move.to) both inserted and moved into")
      }
    }
    let survivingCount = oldCount - changeset.deletedSections.count
    if survivingCount != newCount - changeset.insertedSections.count {
      problems.append("section counts: \(oldCount) - deleted != \(newCount) - inserted")
    }

    // Rows, against the rules.
    let deletedSections = Set(changeset.deletedSections)
    let insertedSections = Set(changeset.insertedSections)
    let deletedRows = Set(changeset.deletedRows)
    let insertedRows = Set(changeset.insertedRows)
    func inOld(_ p: TablePosition) -> Bool {
      old.indices.contains(p.section) && old[p.section].items.indices.contains(p.row)
    }
    func inNew(_ p: TablePosition) -> Bool {
      new.indices.contains(p.section) && new[p.section].items.indices.contains(p.row)
    }
    distinct(changeset.deletedRows, "deleted rows")
    distinct(changeset.insertedRows, "inserted rows")
    distinct(changeset.movedRows.map(\.from), "row move sources")
    distinct(changeset.movedRows.map(\.to), "row move destinations")
    distinct(changeset.reloadedRows, "reloaded rows")
    distinct(changeset.reconfiguredRows, "reconfigured rows")
    for p in changeset.deletedRows {
      if !inOld(p) { problems.append("deleted row \(p) not in the old table") }
      if deletedSections.contains(p.section) {
        problems.append("row \(p) deleted in a deleted section")
      }
    }
    for p in changeset.insertedRows {
      if !inNew(p) { problems.append("inserted row \(p) not in the new table") }
      if insertedSections.contains(p.section) {
        problems.append("row \(p) inserted in an inserted section")
      }
    }
    for move in changeset.movedRows {
      if !inOld(move.from) { problems.append("row move from \(move.from) not in the old table") }
      if !inNew(move.to) { problems.append("row move to \(move.to) not in the new table") }
      if deletedSections.contains(move.from.section) {
        problems.append("row moved out of deleted section: \(move.from)")
      }
      if insertedSections.contains(move.to.section) {
        problems.append("row moved into inserted section: \(move.to)")
      }
      if deletedRows.contains(move.from) { problems.append("row \(move.from) deleted and moved") }
      if insertedRows.contains(move.to) { problems.append("row \(move.to) inserted and moved to") }
    }
    for p in changeset.reloadedRows + changeset.reconfiguredRows where !inNew(p) {
      problems.append("reloaded or reconfigured row \(p) not in the new table")
    }
    guard problems.isEmpty else { return .failure(Violations(problems)) }

    // Step 1, as UIKit performs it: take out what leaves, then place what arrives.
    let movedFrom = Dictionary(uniqueKeysWithValues: changeset.movedRows.map { ($0.from, $0.to) })
    var remaining: [[Int]] = old.enumerated().map { section, content in
      content.items.enumerated().compactMap { row, item in
        let p = TablePosition(section: section, row: row)
        return deletedRows.contains(p) || movedFrom[p] != nil ? nil : item
      }
    }
    var sectionSlots: [Int?] = Array(repeating: nil, count: newCount)  // old section per slot
    for move in changeset.movedSections { sectionSlots[move.to] = move.from }
    let movedSources = Set(changeset.movedSections.map(\.from))
    var unmoved = (0..<oldCount).filter {
      !deletedSections.contains($0) && !movedSources.contains($0)
    }[...]
    for slot in 0..<newCount where !insertedSections.contains(slot) && sectionSlots[slot] == nil {
      sectionSlots[slot] = unmoved.popFirst()
    }
    var result: [Section] = []
    for slot in 0..<newCount {
      if insertedSections.contains(slot) {
        result.append(new[slot])  // the data source supplies an inserted section whole
        continue
      }
      guard let source = sectionSlots[slot] else {
        return .failure(Violations(["no old section fills new section \(slot)"]))
      }
      let count = new[slot].items.count  // what the data source reports
      var rows: [Int?] = Array(repeating: nil, count: count)
      for p in changeset.insertedRows where p.section == slot {
        rows[p.row] = new[slot].items[p.row]
      }
      for move in changeset.movedRows where move.to.section == slot {
        rows[move.to.row] = old[move.from.section].items[move.from.row]
      }
      var stay = remaining[source][...]
      for row in 0..<count where rows[row] == nil { rows[row] = stay.popFirst() }
      let filled = rows.compactMap { $0 }
      if filled.count != count || !stay.isEmpty {
        return .failure(
          Violations([
            "section \(slot): count mismatch (\(count) reported, \(filled.count + stay.count) accounted for)"
          ]))
      }
      result.append(Section(identifier: old[source].identifier, items: filled))
      remaining[source] = []
    }
    return .success(result)
  }

  /// The rules a changeset broke.
  package struct Violations: Error, CustomStringConvertible {
    /// One line a broken rule.
    package var problems: [String]
    /// Creates the list.
    package init(_ problems: [String]) { self.problems = problems }
    /// The rules, joined.
    package var description: String { problems.joined(separator: "; ") }
  }
}

extension TableSnapshot where SectionID == Int, ItemID == Int {
  /// The snapshot as the model's sections.
  package var modelSections: [UIKitBatchModel.Section] {
    sectionIdentifiers.map { section in
      UIKitBatchModel.Section(
        identifier: section, items: (try? itemIdentifiers(inSection: section)) ?? [])
    }
  }
}
