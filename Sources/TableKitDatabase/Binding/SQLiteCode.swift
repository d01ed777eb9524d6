/// The numbers of SQLite's C interface this module uses, from `sqlite3.h` (stable since they
/// were published; SQLite never renumbers them).
package enum SQLiteCode {
  /// `SQLITE_OK`.
  package static let ok: Int32 = 0
  /// `SQLITE_CORRUPT`: the file's structure is damaged.
  package static let corrupt: Int32 = 11
  /// `SQLITE_INTERRUPT`: a progress handler stopped the statement.
  package static let interrupt: Int32 = 9
  /// `SQLITE_CANTOPEN`.
  package static let cannotOpen: Int32 = 14
  /// `SQLITE_NOTADB`: the file is not a database.
  package static let notADatabase: Int32 = 26
  /// `SQLITE_ROW`: a step produced a row.
  package static let row: Int32 = 100
  /// `SQLITE_DONE`: a step finished the statement.
  package static let done: Int32 = 101

  /// `SQLITE_OPEN_READONLY`.
  package static let openReadOnly: Int32 = 0x0000_0001
  /// `SQLITE_OPEN_URI`.
  package static let openURI: Int32 = 0x0000_0040

  /// `SQLITE_INTEGER`, `SQLITE_FLOAT`, `SQLITE_TEXT`, `SQLITE_BLOB`, `SQLITE_NULL`.
  package static let integerType: Int32 = 1
  package static let floatType: Int32 = 2
  package static let textType: Int32 = 3
  package static let blobType: Int32 = 4
  package static let nullType: Int32 = 5

  /// `SQLITE_DBCONFIG_DEFENSIVE`.
  package static let configDefensive: Int32 = 1010
  /// `SQLITE_DBCONFIG_TRUSTED_SCHEMA`.
  package static let configTrustedSchema: Int32 = 1017

  /// `SQLITE_LIMIT_LENGTH`, `SQLITE_LIMIT_SQL_LENGTH`, `SQLITE_LIMIT_COLUMN`,
  /// `SQLITE_LIMIT_EXPR_DEPTH`, `SQLITE_LIMIT_ATTACHED`, `SQLITE_LIMIT_TRIGGER_DEPTH`.
  package static let limitLength: Int32 = 0
  package static let limitSQLLength: Int32 = 1
  package static let limitColumn: Int32 = 2
  package static let limitExpressionDepth: Int32 = 3
  package static let limitAttached: Int32 = 7
  package static let limitTriggerDepth: Int32 = 10

  /// Whether the primary result code of `code` (its low byte) says the file is damaged or not
  /// a database.
  package static func isCorruption(_ code: Int32) -> Bool {
    let primary = code & 0xFF
    return primary == corrupt || primary == notADatabase
  }
}
