public import TableKit

/// One cell of a report row as a renderer draws it: its formatted text, whether it is a number,
/// and its footnote marks.
///
/// The text is the column format's text for the value; it is data, and each renderer escapes it.
/// ``isNumeric`` tells a renderer to align it to the right and, in CSV, to leave it unguarded: a
/// formatted negative amount such as `-€5.00` is a number, not a formula. ``value`` is the typed
/// value the text was formatted from, for formats that keep types (a spreadsheet's number cell).
public struct ReportCell: Hashable, Sendable {
  /// The formatted text.
  public var text: String
  /// Whether the value is a number (an integer, a decimal, money or a percentage).
  public var isNumeric: Bool
  /// Its footnote marks, in order.
  public var marks: [String]
  /// The value the text shows (`.empty` for a label, a missing summary, or a header).
  public var value: CellValue

  /// Creates a cell.
  ///
  /// - Parameters:
  ///   - text: The formatted text.
  ///   - isNumeric: Whether the value is a number.
  ///   - marks: Its footnote marks.
  ///   - value: The value the text shows, or `.empty` for a label.
  public init(text: String, isNumeric: Bool, marks: [String] = [], value: CellValue = .empty) {
    self.text = text
    self.isNumeric = isNumeric
    self.marks = marks
    self.value = value
  }
}
