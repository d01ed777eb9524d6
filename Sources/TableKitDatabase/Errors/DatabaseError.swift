/// Why a database could not be read: the file, the table or query, and what is wrong.
///
/// Every failure of this module is one of these, with the context to name it; a damaged file is
/// ``Reason/corrupt(_:)`` naming the table being read, never a trap.
///
/// ```swift
/// do {
///   let database = try Database(path: "shop.db")
///   _ = try database.tables()
/// } catch {
///   print(error)  // shop.db: table sqlite_master: the file is damaged or not a database: …
/// }
/// ```
public struct DatabaseError: Error, Hashable, Sendable {
  /// What is wrong.
  public enum Reason: Hashable, Sendable {
    /// The SQLite library could not be loaded, or lacks a function; the file tried and why.
    case libraryUnavailable(library: String, detail: String)
    /// The file could not be opened; SQLite's words.
    case cannotOpen(String)
    /// The file is damaged or is not a database (`SQLITE_CORRUPT`, `SQLITE_NOTADB`); SQLite's
    /// words.
    case corrupt(String)
    /// The statement would write to the database; this module runs only statements that read.
    case writes
    /// The text holds no statement, or more than one.
    case notOneStatement(count: String)
    /// No table or view of this name; the names there are.
    case noSuchTable(String, available: [String])
    /// A table with no primary key or rowid (a view) cannot be read a page at a time by key.
    case noKey
    /// A key of the wrong number of values for the table's key columns.
    case keyMismatch(expected: Int, given: Int)
    /// Any other error SQLite reports: its extended result code and message.
    case sqlite(code: Int32, message: String)
  }

  /// The database file, as it was given; `nil` before one is opened.
  public var path: String?
  /// The table or view being read, or `query` for a statement given as text; `nil` when the
  /// error concerns the whole file.
  public var table: String?
  /// What is wrong.
  public var reason: Reason

  /// An error with its context.
  ///
  /// - Parameters:
  ///   - path: The database file.
  ///   - table: The table, view or query being read.
  ///   - reason: What is wrong.
  public init(path: String?, table: String? = nil, reason: Reason) {
    self.path = path
    self.table = table
    self.reason = reason
  }

  /// Whether the file is damaged or not a database.
  public var isCorruption: Bool {
    if case .corrupt = reason { return true }
    return false
  }

  /// The same error, naming `table` when it names none yet.
  ///
  /// - Parameter table: The table, view or query being read.
  /// - Returns: The error.
  package func reading(_ table: String) -> DatabaseError {
    var copy = self
    if copy.table == nil { copy.table = table }
    return copy
  }
}

extension DatabaseError: CustomStringConvertible {
  /// The message: the file, the table, then what is wrong, as one clause.
  public var description: String {
    var prefix = ""
    if let path { prefix += "\(path): " }
    if let table { prefix += table == "query" ? "the query: " : "table \(table): " }
    return prefix + reasonText
  }

  private var reasonText: String {
    switch reason {
    case .libraryUnavailable(let library, let detail):
      return "SQLite is unavailable (\(library): \(detail)); \(SQLiteLibrary.installHint)"
    case .cannotOpen(let why): return "cannot open the database: \(why)"
    case .corrupt(let why): return "the file is damaged or not a database: \(why)"
    case .writes: return "the statement would write to the database; only statements that read run"
    case .notOneStatement(let count): return "give one statement (found \(count))"
    case .noSuchTable(let name, let available):
      let list = available.isEmpty ? "none" : available.map { "\"\($0)\"" }.joined(separator: ", ")
      return "no table or view \"\(name)\"; the tables and views are \(list)"
    case .noKey: return "a view has no key to read it a page at a time"
    case .keyMismatch(let expected, let given):
      return "the key has \(expected) columns, but \(given) values were given"
    case .sqlite(let code, let message): return "\(message) (SQLite error \(code))"
    }
  }
}
