/// A foreign key: columns of one table that reference columns of another.
public struct ForeignKey: Hashable, Sendable {
  /// The referencing columns, in order.
  public var columns: [String]
  /// The referenced table.
  public var referencedTable: String
  /// The referenced columns, in order (the referenced table's primary key when the
  /// declaration names none).
  public var referencedColumns: [String]

  /// A foreign key with every part given.
  ///
  /// - Parameters:
  ///   - columns: The referencing columns.
  ///   - referencedTable: The referenced table.
  ///   - referencedColumns: The referenced columns.
  public init(columns: [String], referencedTable: String, referencedColumns: [String]) {
    self.columns = columns
    self.referencedTable = referencedTable
    self.referencedColumns = referencedColumns
  }
}
