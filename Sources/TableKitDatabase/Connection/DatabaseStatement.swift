/// One prepared statement that reads, stepped a row at a time.
///
/// ```swift
/// let statement = try database.query("SELECT name, total FROM orders")
/// while try statement.step() {
///   print(statement.value(at: 0), statement.value(at: 1))
/// }
/// ```
///
/// The current row's values are read with ``value(at:)`` until the next ``step()``; nothing
/// is kept between rows, so a statement over a million rows holds one row at a time.
public final class DatabaseStatement {
  /// The database, kept open while the statement lives.
  public let database: Database
  /// The table, view or `query` the statement reads, for errors.
  public let table: String?
  package let handle: OpaquePointer
  /// The library's functions, kept here so that reading a value loads one pointer.
  private let library: SQLiteLibrary

  init(database: Database, handle: OpaquePointer, table: String?) {
    self.database = database
    library = database.library
    self.handle = handle
    self.table = table
  }

  deinit {
    _ = library.finalize(handle)
  }

  /// The number of columns of each row.
  public var columnCount: Int { Int(library.columnCount(handle)) }

  /// The columns' names, as SQLite gives them (`AS` names for expressions).
  public var columnNames: [String] {
    (0..<library.columnCount(handle)).map { index in
      library.columnName(handle, index).map { String(cString: $0) } ?? ""
    }
  }

  /// Runs the statement to its next row.
  ///
  /// - Returns: `true` when there is a row, `false` at the end.
  /// - Throws: ``DatabaseError`` naming ``table``: ``DatabaseError/Reason/corrupt(_:)`` for a
  ///   damaged page, else as SQLite reports it.
  public func step() throws(DatabaseError) -> Bool {
    let status = library.step(handle)
    if status == SQLiteCode.row { return true }
    if status == SQLiteCode.done { return false }
    throw database.error(status, table: table)
  }

  /// Starts the statement again from its first row; its bindings stay.
  public func reset() {
    _ = library.reset(handle)
  }

  /// The current row's value in column `index`.
  ///
  /// - Parameter index: The column, from 0, below ``columnCount``.
  /// - Returns: The value, as SQLite holds it.
  public func value(at index: Int) -> DatabaseValue {
    let column = Int32(index)
    switch library.columnType(handle, column) {
    case SQLiteCode.integerType:
      return .integer(library.columnInteger(handle, column))
    case SQLiteCode.floatType:
      return .real(library.columnDouble(handle, column))
    case SQLiteCode.textType:
      guard let text = library.columnText(handle, column) else { return .text("") }
      let count = Int(library.columnBytes(handle, column))
      let bytes = UnsafeBufferPointer(start: text, count: count)
      if let string = String(validating: bytes, as: UTF8.self) { return .text(string) }
      return .invalidText(Array(bytes))
    case SQLiteCode.blobType:
      // The pointer first, then its size, as SQLite's documentation orders the two calls.
      let bytes = library.columnBlob(handle, column)
      let count = Int(library.columnBytes(handle, column))
      guard count > 0, let bytes else { return .blob([]) }
      // Copied inside the array's own initializer, which keeps the array alive while its bytes
      // are written. `Array(UnsafeRawBufferPointer(…))` let the optimiser free a blob nobody
      // read before copying into it: AddressSanitizer's heap-use-after-free on a fuzzed schema
      // whose table name is a BLOB (Fuzz/Corpus/database/blob-table-name.db).
      return .blob(
        [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
          UnsafeMutableRawBufferPointer(buffer).copyMemory(
            from: UnsafeRawBufferPointer(start: bytes, count: count))
          initialized = count
        })
    default:
      return .null
    }
  }

  /// The current row's values.
  public var values: [DatabaseValue] {
    (0..<columnCount).map(value(at:))
  }

  /// Binds `values` to the statement's parameters `?1`, `?2`, … in order.
  ///
  /// - Parameter values: The values.
  /// - Throws: ``DatabaseError`` when SQLite refuses a value (too long, too many).
  public func bind(_ values: [DatabaseValue]) throws(DatabaseError) {
    for (offset, value) in values.enumerated() {
      let index = Int32(offset + 1)
      let status: Int32
      switch value {
      case .integer(let number): status = library.bindInteger(handle, index, number)
      case .real(let number): status = library.bindDouble(handle, index, number)
      case .text(let text):
        // The byte count, not the terminator, ends the text: a NUL inside it is kept.
        let count = Int32(text.utf8.count)
        status = text.withCString { library.bindText(handle, index, $0, count, -1) }
      case .invalidText(let bytes):
        // The stored bytes, as they were read: the same row's key binds to the same row.
        status = bytes.withUnsafeBytes { buffer in
          library.bindText(
            handle, index, buffer.baseAddress?.assumingMemoryBound(to: CChar.self),
            Int32(buffer.count), -1)
        }
      case .blob(let bytes):
        status = bytes.withUnsafeBytes { buffer in
          library.bindBlob(handle, index, buffer.baseAddress, Int32(buffer.count), -1)
        }
      case .null: status = library.bindNull(handle, index)
      }
      guard status == SQLiteCode.ok else { throw database.error(status, table: table) }
    }
  }
}
