/// The place of one row in a table: a section and a row inside it, both counted from zero.
///
/// `TablePosition` plays the role `IndexPath` plays in UIKit, but it is its own small value type,
/// so it never clashes with `Foundation.IndexPath` when both modules are imported. Positions order
/// the way rows appear on screen: by section, then by row.
///
/// ```swift
/// let position = TablePosition(section: 1, row: 2)
/// print(position)  // (1, 2)
/// ```
///
/// A position says nothing about whether it exists in a given table; the ``TableView`` checks every
/// position it is handed and throws ``TableError`` for one it does not have.
public struct TablePosition: Hashable, Comparable, Sendable {
  /// The section, counted from zero.
  public var section: Int
  /// The row inside ``section``, counted from zero.
  public var row: Int

  /// Creates the position of `row` in `section`.
  ///
  /// - Parameters:
  ///   - section: The section, counted from zero.
  ///   - row: The row inside the section, counted from zero.
  public init(section: Int, row: Int) {
    self.section = section
    self.row = row
  }

  /// Orders positions as rows appear: by section first, then by row.
  public static func < (lhs: TablePosition, rhs: TablePosition) -> Bool {
    (lhs.section, lhs.row) < (rhs.section, rhs.row)
  }
}

extension TablePosition: CustomStringConvertible {
  /// The position as `(section, row)`, for example `(1, 2)`.
  ///
  /// The short form is for lists of positions in logs and test output; error messages spell a
  /// position out instead (`row 2 in section 1`).
  public var description: String { "(\(section), \(row))" }

  /// The position in words, `row 2 in section 1`: how every error message names a position, so
  /// a message never mixes `(1, 2)` with words.
  package var spelledOut: String { "row \(row) in section \(section)" }
}
