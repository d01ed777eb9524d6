/// A SQLite database file opened to read, as untrusted input.
///
/// The file is opened read-only and immutable (`file:…?mode=ro&immutable=1`: no lock, no
/// journal, nothing written), and the connection follows SQLite's advice for files from
/// elsewhere ("Defense against the dark arts"): defensive mode on, the schema not trusted (a
/// view or trigger cannot call functions with side effects), cell sizes checked, no memory
/// mapping, limits on the length of a value and of SQL, and no attached databases. Every
/// statement is checked with `sqlite3_stmt_readonly` before it runs; one that would write is
/// refused (``DatabaseError/Reason/writes``).
///
/// ```swift
/// let database = try Database(path: "shop.db")
/// for table in try database.tables() {
///   print(table.name, try database.rowCount(of: table.name))
/// }
/// ```
///
/// A database is used by one thread at a time.
public final class Database {
  /// The file, as it was given.
  public let path: String
  package let library: SQLiteLibrary
  package let connection: OpaquePointer

  /// The most bytes one value (a text or a blob) may take: 256 MiB.
  public static let maximumValueBytes: Int32 = 256 << 20
  /// The most bytes of SQL text one statement may take: 1 MiB.
  public static let maximumSQLBytes: Int32 = 1 << 20

  /// The most virtual-machine instructions ``rowCount(of:)`` lets SQLite run, or `nil` for no
  /// limit: by default a billion, seconds of work, far past what counting a table takes (one
  /// instruction) and what a view of millions of rows takes, short of a view that never ends.
  public var countWorkLimit: Int? = 1_000_000_000

  /// Opens the database file at `path` to read.
  ///
  /// - Parameter path: The file's path.
  /// - Throws: ``DatabaseError``: ``DatabaseError/Reason/libraryUnavailable(library:detail:)``
  ///   when SQLite cannot be loaded, ``DatabaseError/Reason/cannotOpen(_:)`` when the file
  ///   cannot be opened, ``DatabaseError/Reason/corrupt(_:)`` when it is not a database.
  public convenience init(path: String) throws(DatabaseError) {
    let library: SQLiteLibrary
    switch SQLiteLibrary.shared {
    case .success(let loaded): library = loaded
    case .failure(var error):
      error.path = path
      throw error
    }
    try self.init(path: path, library: library)
  }

  /// Opens the database file at `path` with `library`.
  ///
  /// - Parameters:
  ///   - path: The file's path.
  ///   - library: The bound SQLite library.
  ///   - maximumValueBytes: The most bytes one value may take (``maximumValueBytes`` unless a
  ///     test asks for less); a longer one is an error when it is read.
  /// - Throws: ``DatabaseError``, as ``init(path:)``.
  package init(
    path: String, library: SQLiteLibrary, maximumValueBytes: Int32 = Database.maximumValueBytes
  ) throws(DatabaseError) {
    self.path = path
    self.library = library
    var handle: OpaquePointer?
    let status = library.open(
      Self.readOnlyURI(path), &handle, SQLiteCode.openReadOnly | SQLiteCode.openURI, nil)
    guard status == SQLiteCode.ok, let handle else {
      let message =
        handle.flatMap { library.errorMessage($0) }.map { String(cString: $0) }
        ?? library.errorString(status).map { String(cString: $0) } ?? "error \(status)"
      _ = library.close(handle)
      throw DatabaseError(path: path, reason: .cannotOpen(message))
    }
    connection = handle
    do {
      try harden(maximumValueBytes: maximumValueBytes)
    } catch {
      _ = library.close(handle)
      throw error
    }
  }

  deinit {
    _ = library.close(connection)
  }

  /// The version of the SQLite library in use (`3.40.1`).
  public var libraryVersion: String { library.version }

  /// The `file:` URI that opens `path` read-only and immutable: every byte of the path other
  /// than letters, digits, `-._~/` percent-encoded, so no `?`, `#` or `%` in a name is read as
  /// part of the URI; an absolute path follows an empty authority (`file:///…`).
  ///
  /// - Parameter path: The path.
  /// - Returns: The URI.
  package static func readOnlyURI(_ path: String) -> String {
    let hex: [Character] = Array("0123456789ABCDEF")
    var encoded = ""
    for byte in path.utf8 {
      let isPlain =
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
        || (byte >= 0x61 && byte <= 0x7A) || byte == 0x2D || byte == 0x2E || byte == 0x5F
        || byte == 0x7E || byte == 0x2F
      if isPlain {
        encoded.append(Character(Unicode.Scalar(byte)))
      } else {
        encoded += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 0xF)])
      }
    }
    let authority = path.hasPrefix("/") ? "//" : ""
    return "file:\(authority)\(encoded)?mode=ro&immutable=1"
  }

  /// Sets the connection up for an untrusted file.
  private func harden(maximumValueBytes: Int32) throws(DatabaseError) {
    guard library.configure(connection, option: SQLiteCode.configDefensive, to: 1) == 1 else {
      throw DatabaseError(
        path: path, reason: .sqlite(code: 1, message: "defensive mode could not be turned on"))
    }
    // SQLite before 3.31 has no such option; the pragma below turns it off there too.
    _ = library.configure(connection, option: SQLiteCode.configTrustedSchema, to: 0)
    _ = library.limit(connection, SQLiteCode.limitLength, maximumValueBytes)
    _ = library.limit(connection, SQLiteCode.limitSQLLength, Self.maximumSQLBytes)
    _ = library.limit(connection, SQLiteCode.limitAttached, 0)
    _ = library.limit(connection, SQLiteCode.limitExpressionDepth, 200)
    _ = library.limit(connection, SQLiteCode.limitTriggerDepth, 10)
    for pragma in ["trusted_schema = OFF", "cell_size_check = ON", "mmap_size = 0"] {
      let statement = try prepare("PRAGMA \(pragma)", table: nil, checksReadOnly: false)
      while try statement.step() {}
    }
  }

  /// The status of a connection-level limit, for tests: `sqlite3_limit` with `-1`.
  ///
  /// - Parameter limit: The `SQLITE_LIMIT_…` number.
  /// - Returns: Its value.
  package func currentLimit(_ limit: Int32) -> Int32 {
    library.limit(connection, limit, -1)
  }

  /// The error SQLite reports for `status`, for `table`.
  package func error(_ status: Int32, table: String?) -> DatabaseError {
    let message = library.errorMessage(connection).map { String(cString: $0) } ?? ""
    let code = library.extendedErrorCode(connection)
    let primary = status & 0xFF
    let reason: DatabaseError.Reason =
      SQLiteCode.isCorruption(status) || SQLiteCode.isCorruption(code)
      ? .corrupt(message) : .sqlite(code: primary == 0 ? code : status, message: message)
    return DatabaseError(path: path, table: table, reason: reason)
  }

  /// Prepares one statement of `sql` to read.
  ///
  /// - Parameters:
  ///   - sql: One SQL statement (a final `;` and whitespace may follow).
  ///   - table: The table the statement reads, for errors; `query` for a user's statement.
  ///   - checksReadOnly: Whether a statement that would write is refused (always, except for
  ///     the connection's own setup).
  /// - Returns: The statement.
  /// - Throws: ``DatabaseError``: ``DatabaseError/Reason/writes`` for a statement that would
  ///   write, ``DatabaseError/Reason/notOneStatement(count:)`` for none or several, else
  ///   SQLite's error.
  package func prepare(_ sql: String, table: String?, checksReadOnly: Bool = true)
    throws(DatabaseError) -> DatabaseStatement
  {
    var handle: OpaquePointer?
    var rest = ""
    let status = sql.withCString { text in
      var tail: UnsafePointer<CChar>?
      let status = library.prepare(connection, text, -1, &handle, &tail)
      if let tail { rest = String(cString: tail) }
      return status
    }
    guard status == SQLiteCode.ok else {
      _ = library.finalize(handle)
      throw error(status, table: table)
    }
    guard let handle else {
      throw DatabaseError(path: path, table: table, reason: .notOneStatement(count: "none"))
    }
    let statement = DatabaseStatement(database: self, handle: handle, table: table)
    guard rest.allSatisfy({ $0.isWhitespace || $0 == ";" }) else {
      throw DatabaseError(path: path, table: table, reason: .notOneStatement(count: "more"))
    }
    if checksReadOnly, library.statementIsReadOnly(handle) == 0 {
      throw DatabaseError(path: path, table: table, reason: .writes)
    }
    return statement
  }

  /// Prepares a statement given as text by a user, to read: one statement, checked to read
  /// only.
  ///
  /// - Parameter sql: The statement.
  /// - Returns: The statement, ready to step.
  /// - Throws: ``DatabaseError`` naming `query`: ``DatabaseError/Reason/writes`` for a
  ///   statement that would write (`INSERT`, `UPDATE`, `DELETE`, `CREATE`, …), else as SQLite
  ///   reports it.
  public func query(_ sql: String) throws(DatabaseError) -> DatabaseStatement {
    try prepare(sql, table: "query")
  }
}
