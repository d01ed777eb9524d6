/// One page of a table's rows in key order, read by key (keyset pagination): the rows after a
/// key, never an `OFFSET`, so every page costs the same however deep it is.
///
/// ```swift
/// let orders = try database.schema(of: "orders")
/// var page = try database.page(of: orders, after: nil, limit: 50)
/// while let last = page.keys.last, page.rows.count == 50 {
///   page = try database.page(of: orders, after: last, limit: 50)
/// }
/// ```
public struct DatabasePage: Hashable, Sendable {
  /// The table's columns, in order.
  public var columns: [String]
  /// The rows, each one value per column.
  public var rows: [[DatabaseValue]]
  /// Each row's key (the values of ``TableSchema/key``), to link to it and to read on after it.
  public var keys: [[DatabaseValue]]

  /// A page with every part given.
  ///
  /// - Parameters:
  ///   - columns: The columns.
  ///   - rows: The rows.
  ///   - keys: Each row's key.
  public init(columns: [String], rows: [[DatabaseValue]], keys: [[DatabaseValue]]) {
    self.columns = columns
    self.rows = rows
    self.keys = keys
  }
}
