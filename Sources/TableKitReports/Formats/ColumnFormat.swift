public import TableKit

/// How one column of a report shows its values: as they are, or as numbers, money, percentages,
/// scientific notation or dates in a locale's conventions.
public struct ColumnFormat: Hashable, Sendable {
  /// Values as a plain table shows them (`CellValue.text`).
  public static let plain = ColumnFormat()

  /// The text shown for an empty value.
  public var missingText: String = ""

  /// The text of `value` in this format and `locale`.
  ///
  /// - Parameters:
  ///   - value: The value.
  ///   - locale: The conventions to follow.
  /// - Returns: The text a renderer shows (escaped by that renderer).
  public func text(for value: CellValue, in locale: ReportLocale) -> String {
    if case .empty = value { return missingText }
    return value.text
  }
}
