/// The batch update that turns a table showing one state into one showing the next: which
/// sections and rows were deleted, inserted, moved and updated.
///
/// A changeset is the one thing that travels when a table's content changes: a diff of two
/// ``TableSnapshot``s makes one, data sources pass it up to their ``TableChangeObserver``, and
/// ``TableView/performBatchUpdates(_:)`` checks it against the data source and applies it.
///
/// ## The order of the steps
///
/// The changeset is laid out the way `UITableView.performBatchUpdates(_:completion:)` takes it,
/// in two batches:
///
/// 1. **One batch of structure.** ``deletedSections`` and ``deletedRows`` are positions in the
///    *old* table; ``insertedSections`` and ``insertedRows`` are positions in the *new* table;
///    ``movedSections`` and ``movedRows`` go from an old position to a new one. UIKit performs
///    the deletes first and the inserts after, whatever order they are called in, so a UIKit
///    adapter calls `deleteSections`, `deleteRows`, `insertSections`, `insertRows`,
///    `moveSection` and `moveRow` with these values inside one `performBatchUpdates`.
/// 2. **Then a batch of content.** ``reloadedRows`` and ``reconfiguredRows`` are positions in
///    the *new* table, for rows that kept their identity but changed content. They belong in a
///    second `performBatchUpdates` after the first (UIKit refuses a reload of a row that also
///    moves in the same batch).
///
/// The rules UIKit enforces hold for every changeset a diff makes, and ``TableView`` checks them
/// for any changeset it is given:
///
/// - every index is in range (old positions in the old table, new ones in the new table) and
///   no position is named twice in a list; a moved row or section is neither deleted nor
///   inserted, and no two moves share a source or a destination;
/// - no row is deleted from a deleted section, inserted into an inserted section, or moved out
///   of a deleted section or into an inserted one (a row that leaves a deleted section, or
///   arrives in an inserted one, is a delete and an insert, or neither, never a move);
/// - for every section of the new table that was not inserted, the rows of its old section,
///   minus the deleted rows and the rows moved out, plus the inserted rows and the rows moved
///   in, are its new row count.
///
/// Lists are sorted: deletes and inserts by position, moves by destination.
public struct TableChangeset: Hashable, Sendable {
  /// A section that keeps its identity and changes its index.
  public struct SectionMove: Hashable, Sendable {
    /// The section's index in the old table.
    public var from: Int
    /// The section's index in the new table.
    public var to: Int

    /// Creates a move of the section at `from` in the old table to `to` in the new one.
    ///
    /// - Parameters:
    ///   - from: The index in the old table.
    ///   - to: The index in the new table.
    public init(from: Int, to: Int) {
      self.from = from
      self.to = to
    }
  }

  /// A row that keeps its identity and changes its position, perhaps its section.
  public struct RowMove: Hashable, Sendable {
    /// The row's position in the old table.
    public var from: TablePosition
    /// The row's position in the new table.
    public var to: TablePosition

    /// Creates a move of the row at `from` in the old table to `to` in the new one.
    ///
    /// - Parameters:
    ///   - from: The position in the old table.
    ///   - to: The position in the new table.
    public init(from: TablePosition, to: TablePosition) {
      self.from = from
      self.to = to
    }
  }

  /// Sections removed with their rows, at their indices in the old table.
  public var deletedSections: [Int]
  /// Sections added with their rows, at their indices in the new table.
  public var insertedSections: [Int]
  /// Sections that keep their rows and change index.
  public var movedSections: [SectionMove]
  /// Rows removed, at their positions in the old table.
  public var deletedRows: [TablePosition]
  /// Rows added, at their positions in the new table.
  public var insertedRows: [TablePosition]
  /// Rows that keep their identity and change position.
  public var movedRows: [RowMove]
  /// Rows to make again after the first batch, at their positions in the new table.
  public var reloadedRows: [TablePosition]
  /// Rows to refresh in place after the first batch, at their positions in the new table.
  public var reconfiguredRows: [TablePosition]

  /// Creates a changeset; every list is empty unless given.
  ///
  /// - Parameters:
  ///   - deletedSections: Section indices in the old table.
  ///   - insertedSections: Section indices in the new table.
  ///   - movedSections: Sections moved from an old index to a new one.
  ///   - deletedRows: Row positions in the old table.
  ///   - insertedRows: Row positions in the new table.
  ///   - movedRows: Rows moved from an old position to a new one.
  ///   - reloadedRows: Row positions in the new table, made again after the first batch.
  ///   - reconfiguredRows: Row positions in the new table, refreshed after the first batch.
  public init(
    deletedSections: [Int] = [],
    insertedSections: [Int] = [],
    movedSections: [SectionMove] = [],
    deletedRows: [TablePosition] = [],
    insertedRows: [TablePosition] = [],
    movedRows: [RowMove] = [],
    reloadedRows: [TablePosition] = [],
    reconfiguredRows: [TablePosition] = []
  ) {
    self.deletedSections = deletedSections
    self.insertedSections = insertedSections
    self.movedSections = movedSections
    self.deletedRows = deletedRows
    self.insertedRows = insertedRows
    self.movedRows = movedRows
    self.reloadedRows = reloadedRows
    self.reconfiguredRows = reconfiguredRows
  }

  /// Whether the changeset changes nothing.
  public var isEmpty: Bool {
    deletedSections.isEmpty && insertedSections.isEmpty && movedSections.isEmpty
      && deletedRows.isEmpty && insertedRows.isEmpty && movedRows.isEmpty
      && reloadedRows.isEmpty && reconfiguredRows.isEmpty
  }

  /// Whether the changeset has anything for the first batch (sections or rows deleted,
  /// inserted or moved).
  public var changesStructure: Bool {
    !(deletedSections.isEmpty && insertedSections.isEmpty && movedSections.isEmpty
      && deletedRows.isEmpty && insertedRows.isEmpty && movedRows.isEmpty)
  }
}

extension TableChangeset: CustomStringConvertible {
  /// The non-empty lists, such as `deleted rows [(0, 1)], moved rows [(0, 2)→(1, 0)]`.
  public var description: String {
    var parts: [String] = []
    func add<T>(_ name: String, _ list: [T], _ show: (T) -> String) {
      if !list.isEmpty { parts.append(name + " [" + list.map(show).joined(separator: ", ") + "]") }
    }
    add("deleted sections", deletedSections) { String($0) }
    add("inserted sections", insertedSections) { String($0) }
    add("moved sections", movedSections) { "\($0.from)→\($0.to)" }
    add("deleted rows", deletedRows) { $0.description }
    add("inserted rows", insertedRows) { $0.description }
    add("moved rows", movedRows) { "\($0.from)→\($0.to)" }
    add("reloaded rows", reloadedRows) { $0.description }
    add("reconfigured rows", reconfiguredRows) { $0.description }
    return parts.isEmpty ? "no changes" : parts.joined(separator: ", ")
  }
}
