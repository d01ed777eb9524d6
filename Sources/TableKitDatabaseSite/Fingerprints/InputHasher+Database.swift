package import TableKitDatabase

extension InputHasher {
  /// Feeds `value` as a tag byte of its case and its payload: an `INTEGER` as its 64 bits, a
  /// `REAL` by its bit pattern (so `0.0` and `-0.0` differ, as their texts do), text and blobs
  /// as their bytes with their number first.
  ///
  /// - Parameter value: The value.
  package mutating func combine(_ value: DatabaseValue) {
    switch value {
    case .null:
      combine(byte: 0)
    case .integer(let integer):
      combine(byte: 1)
      combine(word: UInt64(bitPattern: integer))
    case .real(let real):
      combine(byte: 2)
      combine(word: real.bitPattern)
    case .text(let text):
      combine(byte: 3)
      combine(text: text)
    case .invalidText(let bytes):
      combine(byte: 4)
      combine(bytes: bytes)
    case .blob(let bytes):
      combine(byte: 5)
      combine(bytes: bytes)
    }
  }

  /// Feeds `values`, their number first.
  ///
  /// - Parameter values: The values.
  package mutating func combine(values: [DatabaseValue]) {
    combine(integer: values.count)
    for value in values { combine(value) }
  }

  /// Feeds every part of `schema`: its name, kind, columns (name, declared type, `NOT NULL`,
  /// place in the primary key), primary key, rowid and foreign keys.
  ///
  /// - Parameter schema: A table's or view's schema.
  package mutating func combine(_ schema: TableSchema) {
    combine(text: schema.name)
    combine(text: schema.kind.rawValue)
    combine(integer: schema.columns.count)
    for column in schema.columns {
      combine(text: column.name)
      combine(text: column.declaredType)
      combine(byte: column.isNotNull ? 1 : 0)
      combine(integer: column.primaryKeyIndex)
    }
    combine(texts: schema.primaryKey)
    combine(byte: schema.hasRowID ? 1 : 0)
    combine(optional: schema.rowIDName)
    combine(integer: schema.foreignKeys.count)
    for key in schema.foreignKeys {
      combine(texts: key.columns)
      combine(text: key.referencedTable)
      combine(texts: key.referencedColumns)
    }
  }

  /// Feeds `level`: a tag of its case, then its table, key, column, filter and page number.
  ///
  /// - Parameter level: A level of the site.
  package mutating func combine(_ level: DatabaseSiteLevel) {
    switch level {
    case .index:
      combine(byte: 0)
    case .list(let table, let page):
      combine(byte: 1)
      combine(text: table)
      combine(integer: page)
    case .row(let table, let key):
      combine(byte: 2)
      combine(text: table)
      combine(values: key)
    case .facet(let table, let column):
      combine(byte: 3)
      combine(text: table)
      combine(text: column)
    case .filtered(let table, let columns, let values, let page):
      combine(byte: 4)
      combine(text: table)
      combine(texts: columns)
      combine(values: values)
      combine(integer: page)
    }
  }

  /// Feeds `text` or its absence, a tag byte first.
  ///
  /// - Parameter text: The text, or `nil`.
  package mutating func combine(optional text: String?) {
    if let text {
      combine(byte: 1)
      combine(text: text)
    } else {
      combine(byte: 0)
    }
  }
}
