/// A column of a multi-column table: its title and how its values line up.
///
/// A data source declares its columns in ``TableDataSource/columns``; each cell then carries one
/// ``CellValue`` per column. Renderers show the titles as the header row.
public struct ColumnDefinition: Hashable, Sendable {
  /// How values line up inside a column.
  public enum Alignment: Hashable, Sendable, CaseIterable {
    /// Numbers to the right, everything else to the left.
    case automatic
    /// Against the leading edge.
    case left
    /// Against the trailing edge.
    case right
    /// Centred.
    case center
  }

  /// The title shown in the header row.
  public var title: String
  /// How values line up in this column.
  public var alignment: Alignment

  /// Creates a column.
  ///
  /// - Parameters:
  ///   - title: The title shown in the header row.
  ///   - alignment: How values line up; numbers go right by default.
  public init(_ title: String, alignment: Alignment = .automatic) {
    self.title = title
    self.alignment = alignment
  }
}
