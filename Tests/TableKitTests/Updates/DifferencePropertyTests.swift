import Foundation
import TableKit
import TableKitTestSupport
import Testing

/// One random case: an old and a new snapshot and each item's content in both.
struct DiffCase {
  enum Kind: CaseIterable {
    case mixed, allMoves, allDeletes, allInserts, sectionShuffleWithRowMoves, emptySections,
      sameContent, tiny
  }

  var kind: Kind
  var old: TableSnapshot<Int, Int>
  var new: TableSnapshot<Int, Int>
  var oldContent: [Int: Int]
  var newContent: [Int: Int]

  static func make(_ kind: Kind, using random: inout SeededGenerator) throws -> DiffCase {
    let maxItems = kind == .tiny ? 12 : 200
    let itemCount = Int.random(in: 0...maxItems, using: &random)
    let sectionCount =
      kind == .tiny ? Int.random(in: 0...3, using: &random) : Int.random(in: 0...8, using: &random)
    var pool = Array(0..<400).shuffled(using: &random)[...]
    var oldSections: [(section: Int, items: [Int])] = (0..<sectionCount).map { ($0, []) }
    if !oldSections.isEmpty {
      for _ in 0..<itemCount {
        guard let item = pool.popFirst() else { break }
        let section = kind == .emptySections ? 0 : Int.random(in: 0..<sectionCount, using: &random)
        oldSections[section].items.append(item)
      }
    }
    var newSections = oldSections
    switch kind {
    case .allMoves:
      let all = newSections.flatMap(\.items).shuffled(using: &random)
      var cursor = all[...]
      for index in newSections.indices {
        let take = newSections[index].items.count
        newSections[index].items = Array(cursor.prefix(take))
        cursor = cursor.dropFirst(take)
      }
    case .allDeletes:
      for index in newSections.indices { newSections[index].items = [] }
      if Bool.random(using: &random) { newSections = [] }
    case .allInserts:
      oldSections = oldSections.map { ($0.section, []) }
      if Bool.random(using: &random) { oldSections = [] }
    case .sectionShuffleWithRowMoves:
      newSections.shuffle(using: &random)
      shuffleSome(&newSections, using: &random)
    case .emptySections:
      newSections.shuffle(using: &random)
      for index in newSections.indices where Bool.random(using: &random) {
        newSections[index].items.shuffle(using: &random)
      }
      newSections.append((100, []))
    case .mixed, .sameContent, .tiny:
      // Sections: some deleted, some inserted, some swapped.
      newSections.removeAll { _ in Int.random(in: 0..<5, using: &random) == 0 }
      for identifier in 10..<(10 + Int.random(in: 0...2, using: &random)) {
        let at = Int.random(in: 0...newSections.count, using: &random)
        newSections.insert((identifier, []), at: at)
      }
      if newSections.count > 1 && Bool.random(using: &random) {
        newSections.swapAt(
          Int.random(in: 0..<newSections.count, using: &random),
          Int.random(in: 0..<newSections.count, using: &random))
      }
      // Items: some deleted, some inserted, some moved anywhere.
      for index in newSections.indices {
        newSections[index].items.removeAll { _ in Int.random(in: 0..<6, using: &random) == 0 }
      }
      if !newSections.isEmpty {
        for _ in 0..<Int.random(in: 0...(maxItems / 5), using: &random) {
          guard let item = pool.popFirst() else { break }
          let section = Int.random(in: 0..<newSections.count, using: &random)
          let at = Int.random(in: 0...newSections[section].items.count, using: &random)
          newSections[section].items.insert(item, at: at)
        }
        shuffleSome(&newSections, using: &random)
      }
    }
    // Sections deleted and inserted above may have taken items along or left items out; the
    // items of deleted old sections that are still wanted were moved by shuffleSome.
    let old = try TableSnapshot(sections: oldSections)
    let new = try TableSnapshot(sections: newSections)
    var oldContent: [Int: Int] = [:]
    var newContent: [Int: Int] = [:]
    for item in old.itemIdentifiers { oldContent[item] = Int.random(in: 0..<3, using: &random) }
    for item in new.itemIdentifiers {
      if kind != .sameContent, let before = oldContent[item],
        Int.random(in: 0..<5, using: &random) > 0
      {
        newContent[item] = before
      } else {
        newContent[item] =
          kind == .sameContent ? (oldContent[item] ?? 0) : Int.random(in: 0..<3, using: &random)
      }
    }
    return DiffCase(kind: kind, old: old, new: new, oldContent: oldContent, newContent: newContent)
  }

  /// Moves a few items, within and across sections.
  static func shuffleSome(
    _ sections: inout [(section: Int, items: [Int])],
    using random: inout SeededGenerator
  ) {
    guard !sections.isEmpty else { return }
    for _ in 0..<Int.random(in: 0...20, using: &random) {
      let from = Int.random(in: 0..<sections.count, using: &random)
      guard !sections[from].items.isEmpty else { continue }
      let item = sections[from].items.remove(
        at: Int.random(in: 0..<sections[from].items.count, using: &random))
      let to = Int.random(in: 0..<sections.count, using: &random)
      sections[to].items.insert(
        item, at: Int.random(in: 0...sections[to].items.count, using: &random))
    }
  }
}

/// The fewest moves any valid changeset needs, by brute force: items that change between
/// surviving sections must move; of those that stay in one section, the largest set that keeps
/// its order (found by trying every subset) stays put.
func bruteForceMinimumMoves(old: TableSnapshot<Int, Int>, new: TableSnapshot<Int, Int>) -> (
  sections: Int, rows: Int
)? {
  func largestOrderedSubset(_ values: [Int]) -> Int? {
    guard values.count <= 10 else { return nil }
    var best = 0
    for mask in 0..<(1 << values.count) where mask.nonzeroBitCount > best {
      var last = Int.min
      var increasing = true
      for index in values.indices where mask & (1 << index) != 0 {
        if values[index] <= last {
          increasing = false
          break
        }
        last = values[index]
      }
      if increasing { best = mask.nonzeroBitCount }
    }
    return best
  }
  let commonOld = new.sectionIdentifiers.compactMap { old.index(ofSection: $0) }
  guard let keptSections = largestOrderedSubset(commonOld) else { return nil }
  var rows = 0
  for (newSection, identifier) in new.sectionIdentifiers.enumerated() {
    guard let oldSection = old.index(ofSection: identifier) else { continue }
    var staying: [Int] = []
    for row in 0..<((try? new.numberOfItems(inSection: identifier)) ?? 0) {
      guard let item = new.itemIdentifier(at: TablePosition(section: newSection, row: row)),
        let from = old.position(ofItem: item),
        let fromIdentifier = old.sectionIdentifier(at: from.section),
        new.index(ofSection: fromIdentifier) != nil
      else { continue }
      if from.section == oldSection { staying.append(from.row) } else { rows += 1 }
    }
    guard let kept = largestOrderedSubset(staying) else { return nil }
    rows += staying.count - kept
  }
  return (commonOld.count - keptSections, rows)
}

@Suite struct DifferencePropertyTests {
  /// Every random changeset is accepted by the UIKit model, turns the old content into the new
  /// one, reloads exactly the rows whose content changed, passes `TableView`'s own checks, and
  /// moves no more rows than the brute-force minimum.
  @Test func randomSnapshotsDiffIntoValidMinimalChangesets() throws {
    let environment = ProcessInfo.processInfo.environment
    let cases = environment["TABLEKIT_PROPERTY_CASES"].flatMap(Int.init) ?? 10_000
    let seed = environment["TABLEKIT_PROPERTY_SEED"].flatMap(UInt64.init) ?? 20_261_123
    var random = SeededGenerator(state: seed)
    var bruteForced = 0
    var totals = (rows: 0, moves: 0, deletes: 0, inserts: 0, reloads: 0)
    for index in 0..<cases {
      let kind = DiffCase.Kind.allCases[index % DiffCase.Kind.allCases.count]
      let diffCase = try DiffCase.make(kind, using: &random)
      let changes = diffCase.new.difference(from: diffCase.old) { item in
        diffCase.oldContent[item] == diffCase.newContent[item]
      }
      func context() -> String {
        "case \(index) (\(kind)), seed \(seed): \(diffCase.old) → \(diffCase.new)"
      }

      // UIKit's rules, and the replay gives the new content.
      switch UIKitBatchModel.replay(
        changes, old: diffCase.old.modelSections, new: diffCase.new.modelSections)
      {
      case .failure(let violations):
        Issue.record("\(violations) — \(changes) — \(context())")
        return
      case .success(let replayed):
        if replayed != diffCase.new.modelSections {
          Issue.record("replay differs: \(changes) — \(context())")
        }
      }

      // Reloads: exactly the rows in both, in surviving sections, whose content changed.
      var expectedReloads: [TablePosition] = []
      for (section, identifier) in diffCase.new.sectionIdentifiers.enumerated()
      where diffCase.old.index(ofSection: identifier) != nil {
        for (row, item) in try diffCase.new.itemIdentifiers(inSection: identifier).enumerated() {
          guard let from = diffCase.old.position(ofItem: item),
            let fromSection = diffCase.old.sectionIdentifier(at: from.section),
            diffCase.new.index(ofSection: fromSection) != nil,
            diffCase.oldContent[item] != diffCase.newContent[item]
          else { continue }
          expectedReloads.append(TablePosition(section: section, row: row))
        }
      }
      if changes.reloadedRows != expectedReloads {
        Issue.record("reloads \(changes.reloadedRows), expected \(expectedReloads) — \(context())")
      }

      // The library's own check agrees.
      let source = SnapshotDataSource(diffCase.old)
      let table = TableView(dataSource: source)
      source.snapshot = diffCase.new
      do {
        try table.performBatchUpdates(changes)
      } catch {
        Issue.record("TableView refused: \(error) — \(changes) — \(context())")
        return
      }
      if table.shape != diffCase.new.shape {
        Issue.record("table shape \(table.shape) — \(context())")
      }

      // Minimal moves.
      if let minimum = bruteForceMinimumMoves(old: diffCase.old, new: diffCase.new) {
        bruteForced += 1
        if changes.movedSections.count != minimum.sections
          || changes.movedRows.count != minimum.rows
        {
          Issue.record("moves are not minimal (\(minimum)): \(changes) — \(context())")
        }
      }
      totals.rows += diffCase.new.numberOfItems
      totals.moves += changes.movedRows.count
      totals.deletes += changes.deletedRows.count
      totals.inserts += changes.insertedRows.count
      totals.reloads += changes.reloadedRows.count
    }
    print(
      "diff property test: \(cases) cases, seed \(seed), \(bruteForced) checked against the "
        + "brute-force minimum of moves; \(totals.rows) rows, \(totals.moves) moves, "
        + "\(totals.deletes) deletes, \(totals.inserts) inserts, \(totals.reloads) reloads")
    #expect(bruteForced > cases / 20)
  }
}

/// A data source that shows a snapshot of numbers, for checking changesets on a real table.
final class SnapshotDataSource: TableDataSource {
  var snapshot: TableSnapshot<Int, Int>
  init(_ snapshot: TableSnapshot<Int, Int>) { self.snapshot = snapshot }
  var numberOfSections: Int { snapshot.numberOfSections }
  func numberOfRows(inSection section: Int) -> Int {
    snapshot.sectionIdentifier(at: section).flatMap { try? snapshot.numberOfItems(inSection: $0) }
      ?? 0
  }
  func representedObject(at position: TablePosition) -> Any {
    snapshot.itemIdentifier(at: position) ?? -1
  }
}
