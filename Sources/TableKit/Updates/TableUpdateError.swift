/// Why a ``TableView`` refused a batch update: the changeset breaks one of the rules of
/// ``TableChangeset``, or the data source's new counts disagree with what it claims.
///
/// The table keeps the shape and selection it had, so nothing is read out of step with the
/// data. The message names the section, the counts on each side and what the changeset
/// claimed, where UIKit would stop the app with `NSInternalInconsistencyException`:
///
/// ```text
/// Section 1 has 5 rows after the update, but the changeset accounts for 4: its old section 1
/// had 4 rows, minus 1 deleted, minus 0 moved out, plus 1 inserted, plus 0 moved in.
/// ```
public enum TableUpdateError: Error, Hashable {
  /// Which list of a ``TableChangeset`` a position came from.
  public enum Step: String, Hashable, Sendable {
    /// ``TableChangeset/deletedSections``.
    case deleteSection = "deleted section"
    /// ``TableChangeset/insertedSections``.
    case insertSection = "inserted section"
    /// The source of a move in ``TableChangeset/movedSections``.
    case moveSectionFrom = "section moved from"
    /// The destination of a move in ``TableChangeset/movedSections``.
    case moveSectionTo = "section moved to"
    /// ``TableChangeset/deletedRows``.
    case deleteRow = "deleted row"
    /// ``TableChangeset/insertedRows``.
    case insertRow = "inserted row"
    /// The source of a move in ``TableChangeset/movedRows``.
    case moveRowFrom = "moved row's origin"
    /// The destination of a move in ``TableChangeset/movedRows``.
    case moveRowTo = "moved row's destination"
    /// ``TableChangeset/reloadedRows``.
    case reloadRow = "reloaded row"
    /// ``TableChangeset/reconfiguredRows``.
    case reconfigureRow = "reconfigured row"
  }

  /// A section's counts that do not add up.
  public struct RowCountMismatch: Hashable, Sendable {
    /// The section in the new table.
    public var section: Int
    /// The same section's index in the old table.
    public var oldSection: Int
    /// Its number of rows before the update.
    public var oldCount: Int
    /// Rows the changeset deletes from it.
    public var deleted: Int
    /// Rows the changeset moves out of it (to another place, in it or elsewhere).
    public var movedOut: Int
    /// Rows the changeset inserts into it.
    public var inserted: Int
    /// Rows the changeset moves into it.
    public var movedIn: Int
    /// The number of rows the data source now reports.
    public var actualCount: Int

    /// The number of rows the changeset accounts for.
    public var expectedCount: Int { oldCount - deleted - movedOut + inserted + movedIn }

    /// Creates the record of a section whose counts do not add up.
    ///
    /// - Parameters:
    ///   - section: The section in the new table.
    ///   - oldSection: Its index in the old table.
    ///   - oldCount: Its row count before the update.
    ///   - deleted: Rows deleted from it.
    ///   - movedOut: Rows moved out of it.
    ///   - inserted: Rows inserted into it.
    ///   - movedIn: Rows moved into it.
    ///   - actualCount: The row count the data source reports now.
    public init(
      section: Int, oldSection: Int, oldCount: Int, deleted: Int, movedOut: Int, inserted: Int,
      movedIn: Int, actualCount: Int
    ) {
      self.section = section
      self.oldSection = oldSection
      self.oldCount = oldCount
      self.deleted = deleted
      self.movedOut = movedOut
      self.inserted = inserted
      self.movedIn = movedIn
      self.actualCount = actualCount
    }
  }

  /// A section index outside the table it refers to (the old one for deletes and move sources,
  /// the new one otherwise).
  case sectionOutOfRange(Step, section: Int, numberOfSections: Int)

  /// A row position outside the table it refers to.
  case rowOutOfRange(Step, position: TablePosition, shape: TableShape)

  /// A section named twice where once is the most it may be (twice in one list, or deleted and
  /// moved, or inserted and moved into).
  case duplicateSection(Step, section: Int)

  /// A row named twice where once is the most it may be.
  case duplicateRow(Step, position: TablePosition)

  /// A row deleted from, or moved out of, a section that is itself deleted.
  case rowInDeletedSection(Step, position: TablePosition)

  /// A row inserted into, or moved into, a section that is itself inserted.
  case rowInInsertedSection(Step, position: TablePosition)

  /// The data source's number of sections disagrees with the changeset's.
  case sectionCountMismatch(oldCount: Int, deleted: Int, inserted: Int, actualCount: Int)

  /// A section's number of rows disagrees with the changeset's.
  case rowCountMismatch(RowCountMismatch)

  /// A ``DiffableDataSource`` was given a snapshot naming an item it has no value for.
  case missingItem(identifier: String)
}

extension TableUpdateError: CustomStringConvertible {
  /// A sentence naming what is wrong, where, and the counts on each side.
  public var description: String {
    switch self {
    case .sectionOutOfRange(let step, let section, let count):
      let table = step.refersToOldTable ? "old" : "new"
      return "The \(step.rawValue) \(section) is out of range: the \(table) table has "
        + "\(count == 1 ? "1 section" : "\(count) sections")."
    case .rowOutOfRange(let step, let position, let shape):
      let table = step.refersToOldTable ? "old" : "new"
      return
        "The \(step.rawValue) at \(position.spelledOut) is out of range: the \(table) table has \(shape)."
    case .duplicateSection(let step, let section):
      return "The \(step.rawValue) \(section) is named more than once in the changeset."
    case .duplicateRow(let step, let position):
      return
        "The \(step.rawValue) at \(position.spelledOut) is named more than once in the changeset."
    case .rowInDeletedSection(let step, let position):
      return
        "The \(step.rawValue) at \(position.spelledOut) lies in a deleted section; deleting the section "
        + "removes its rows."
    case .rowInInsertedSection(let step, let position):
      return
        "The \(step.rawValue) at \(position.spelledOut) lies in an inserted section; inserting the "
        + "section brings its rows."
    case .sectionCountMismatch(let old, let deleted, let inserted, let actual):
      return "The data source has \(actual) sections after the update, but the changeset "
        + "accounts for \(old - deleted + inserted): \(old) before, minus \(deleted) deleted, "
        + "plus \(inserted) inserted."
    case .rowCountMismatch(let counts):
      return "Section \(counts.section) has \(counts.actualCount) rows after the update, but "
        + "the changeset accounts for \(counts.expectedCount): its old section "
        + "\(counts.oldSection) had \(counts.oldCount) rows, minus \(counts.deleted) deleted, "
        + "minus \(counts.movedOut) moved out, plus \(counts.inserted) inserted, plus "
        + "\(counts.movedIn) moved in."
    case .missingItem(let identifier):
      return "The snapshot names item \(identifier), but no value was given for it."
    }
  }
}

extension TableUpdateError.Step {
  /// Whether the step's positions are in the table before the update.
  var refersToOldTable: Bool {
    switch self {
    case .deleteSection, .moveSectionFrom, .deleteRow, .moveRowFrom: true
    default: false
    }
  }
}
