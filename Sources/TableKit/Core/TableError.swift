/// A position handed to a ``TableView`` that the table does not have.
///
/// The error names the position, the reason, and the table's actual shape, so the message says
/// what to do about it:
///
/// ```text
/// Row 7 in section 1 is past the end: section 1 has 3 rows (0...2).
/// Row 0 in section 3 does not exist: section 3 is past the end; the table has 3 sections (0...2).
/// ```
///
/// The message is the error's ``description``, and also its `localizedDescription` (the type is a
/// Foundation `LocalizedError`), so `print(error)`, `"\(error)"` and
/// `error.localizedDescription` all read the same sentence.
///
/// When a data source's will-select hook redirects a selection to a position that does not
/// exist, ``redirectedFrom`` holds the position the selection started at.
public struct TableError: Error, Hashable, Sendable {
  /// What is wrong with the position.
  public enum Reason: Hashable, Sendable {
    /// The table has no sections at all, so no position is valid.
    case emptyTable
    /// The section is below zero.
    case negativeSection
    /// The section is at or past the number of sections.
    case sectionPastEnd
    /// The row is below zero.
    case negativeRow
    /// The row is at or past the number of rows in its section (including an empty section).
    case rowPastEnd
    /// The position exists, but the child of a composition that shows it redirected the
    /// selection to `target`, a position in the child's own sections and rows that the
    /// composition does not show (see ``ForwardingTableDataSource``). Nothing was selected.
    case redirectOutsideChild(child: ChildPosition, target: TablePosition)
  }

  /// What is wrong with the position.
  public let reason: Reason
  /// The section that was asked for.
  public let section: Int
  /// The row that was asked for, or `nil` when only a section was asked for.
  public let row: Int?
  /// The table's shape when the position was checked.
  public let shape: TableShape
  /// The position a will-select redirect started from, when the bad position came from one.
  public let redirectedFrom: TablePosition?

  /// Creates an error for a bad section or position.
  ///
  /// - Parameters:
  ///   - reason: What is wrong with the position.
  ///   - section: The section that was asked for.
  ///   - row: The row that was asked for, or `nil` when only a section was asked for.
  ///   - shape: The table's shape when the position was checked.
  ///   - redirectedFrom: The position a will-select redirect started from, if any.
  public init(
    reason: Reason,
    section: Int,
    row: Int?,
    shape: TableShape,
    redirectedFrom: TablePosition? = nil
  ) {
    self.reason = reason
    self.section = section
    self.row = row
    self.shape = shape
    self.redirectedFrom = redirectedFrom
  }

  /// The position that was asked for, or `nil` when only a section was asked for.
  public var position: TablePosition? {
    row.map { TablePosition(section: section, row: $0) }
  }

  /// The same error, marked as coming from a will-select redirect that started at `origin`.
  func redirected(from origin: TablePosition) -> TableError {
    TableError(reason: reason, section: section, row: row, shape: shape, redirectedFrom: origin)
  }
}

extension TableError: CustomStringConvertible {
  /// A sentence a person can act on: what was asked for, why it is wrong, what the table has.
  public var description: String {
    let prefix =
      redirectedFrom.map { "Selecting \($0.spelledOut) was redirected by will-select, but: " } ?? ""
    return prefix + problem
  }

  private var asked: String {
    row.map { "Row \($0) in section \(section)" } ?? "Section \(section)"
  }

  /// The start of a message about a bad section: the section alone, or the whole position
  /// asked for and then its section, so the row asked for is never dropped.
  private var badSection: String {
    row.map { "Row \($0) in section \(section) does not exist: section \(section)" }
      ?? "Section \(section)"
  }

  private var sectionRange: String {
    let count = shape.numberOfSections
    return count == 1 ? "1 section (0)" : "\(count) sections (0...\(count - 1))"
  }

  private var problem: String {
    switch reason {
    case .emptyTable:
      return "\(asked) does not exist: the table is empty (no sections). "
        + "Give the data source data and call reloadData() first."
    case .negativeSection:
      return "\(badSection) is negative; sections count from 0 and the table has "
        + "\(sectionRange)."
    case .sectionPastEnd:
      return "\(badSection) is past the end\(row == nil ? ":" : ";") the table has \(sectionRange)."
    case .negativeRow:
      return "\(asked) is negative; rows count from 0 and \(rowsInSection)."
    case .rowPastEnd:
      return "\(asked) is past the end: \(rowsInSection)."
    case .redirectOutsideChild(let child, let target):
      return "Selecting \(asked.lowercasedFirst) was redirected by the data source that shows it "
        + "(\(child)) to \(target.spelledOut) in its own rows, which this table does not show; nothing was "
        + "selected."
    }
  }

  private var rowsInSection: String {
    let rows = shape.numberOfRows(inSection: section) ?? 0
    switch rows {
    case 0: return "section \(section) is empty"
    case 1: return "section \(section) has 1 row (0)"
    default: return "section \(section) has \(rows) rows (0...\(rows - 1))"
    }
  }
}

extension String {
  /// The string with its first letter in lower case, to use a sentence's start inside another.
  fileprivate var lowercasedFirst: String {
    guard let first else { return self }
    return first.lowercased() + dropFirst()
  }
}
