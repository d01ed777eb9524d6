/// A table or view of a database: its name, kind, columns, key and foreign keys.
///
/// ```swift
/// let orders = try database.schema(of: "orders")
/// print(orders.key)  // ["id"], or ["rowid"] for a table without a primary key
/// ```
public struct TableSchema: Hashable, Sendable {
  /// Whether it is a table or a view.
  public enum Kind: String, Hashable, Sendable {
    /// A table.
    case table
    /// A view.
    case view
  }

  /// The name, as the schema spells it.
  public var name: String
  /// A table or a view.
  public var kind: Kind
  /// The columns, in order (generated columns included, hidden ones of virtual tables not).
  public var columns: [ColumnSchema]
  /// The primary key's columns, in key order; empty for none (a view, or a table keyed by its
  /// rowid alone).
  public var primaryKey: [String]
  /// Whether the table has a rowid (`false` for `WITHOUT ROWID` tables and views).
  public var hasRowID: Bool
  /// The name by which the rowid is read: `rowid`, or `_rowid_` or `oid` when a column takes
  /// that name; `nil` when there is none.
  public var rowIDName: String?
  /// The foreign keys, each with its columns and the columns they reference.
  public var foreignKeys: [ForeignKey]

  /// The columns that order and identify rows for reading a page at a time: the primary key,
  /// else the rowid; empty for a view.
  public var key: [String] {
    if !primaryKey.isEmpty { return primaryKey }
    return rowIDName.map { [$0] } ?? []
  }

  /// A schema with every part given.
  ///
  /// - Parameters:
  ///   - name: The name.
  ///   - kind: Table or view.
  ///   - columns: The columns.
  ///   - primaryKey: The primary key's columns.
  ///   - hasRowID: Whether there is a rowid.
  ///   - rowIDName: How the rowid is read.
  ///   - foreignKeys: The foreign keys.
  public init(
    name: String, kind: Kind, columns: [ColumnSchema], primaryKey: [String], hasRowID: Bool,
    rowIDName: String?, foreignKeys: [ForeignKey]
  ) {
    self.name = name
    self.kind = kind
    self.columns = columns
    self.primaryKey = primaryKey
    self.hasRowID = hasRowID
    self.rowIDName = rowIDName
    self.foreignKeys = foreignKeys
  }
}
