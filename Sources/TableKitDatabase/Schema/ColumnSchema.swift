/// A column of a table or view: its name and declared type.
public struct ColumnSchema: Hashable, Sendable {
  /// The name.
  public var name: String
  /// The type as declared (`INTEGER`, `VARCHAR(20)`, or empty): SQLite's affinity, not a rule
  /// on the values held.
  public var declaredType: String
  /// Whether `NOT NULL` was declared.
  public var isNotNull: Bool
  /// The column's place in the primary key from 1, or 0 when it is not in it.
  public var primaryKeyIndex: Int

  /// A column with every part given.
  ///
  /// - Parameters:
  ///   - name: The name.
  ///   - declaredType: The declared type.
  ///   - isNotNull: Whether `NOT NULL` was declared.
  ///   - primaryKeyIndex: Its place in the primary key from 1, or 0.
  public init(name: String, declaredType: String, isNotNull: Bool, primaryKeyIndex: Int) {
    self.name = name
    self.declaredType = declaredType
    self.isNotNull = isNotNull
    self.primaryKeyIndex = primaryKeyIndex
  }
}
