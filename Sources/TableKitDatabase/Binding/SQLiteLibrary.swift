#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The system's SQLite library, bound at run time: `dlopen` once, `dlsym` each function into a
/// `@convention(c)` type.
///
/// No header and no system-library target is needed to build, so the package keeps no
/// dependency: on Linux the library is `libsqlite3.so.0` (Debian's `libsqlite3-0`), on Apple
/// platforms `/usr/lib/libsqlite3.dylib`. Everything else in the module is written against
/// ``Database`` and ``DatabaseStatement``, never against these pointers.
///
/// A connection and a statement are opaque pointers; text goes in as a C string and comes out
/// as a pointer and a byte count. A destructor argument is passed as the integer `-1`
/// (`SQLITE_TRANSIENT`: SQLite copies the bytes before the call returns).
package struct SQLiteLibrary: Sendable {
  /// `sqlite3_libversion`.
  package let libraryVersion: @convention(c) () -> UnsafePointer<CChar>?
  /// `sqlite3_open_v2`.
  package let open:
    @convention(c) (
      UnsafePointer<CChar>?, UnsafeMutablePointer<OpaquePointer?>?, Int32, UnsafePointer<CChar>?
    ) -> Int32
  /// `sqlite3_close_v2`.
  package let close: @convention(c) (OpaquePointer?) -> Int32
  /// `sqlite3_errmsg`.
  package let errorMessage: @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
  /// `sqlite3_extended_errcode`.
  package let extendedErrorCode: @convention(c) (OpaquePointer?) -> Int32
  /// `sqlite3_errstr`.
  package let errorString: @convention(c) (Int32) -> UnsafePointer<CChar>?
  /// `sqlite3_db_config` for the options that take an `int` and an `int *`
  /// (``configure(_:option:to:)`` calls it with the variadic arguments where the platform's
  /// calling convention puts them).
  let databaseConfig: DatabaseConfig
  /// `sqlite3_limit`.
  package let limit: @convention(c) (OpaquePointer?, Int32, Int32) -> Int32
  /// `sqlite3_progress_handler`, or `nil` in a library built without it
  /// (`SQLITE_OMIT_PROGRESS_CALLBACK`): then nothing is stopped for taking long.
  package let progressHandler:
    (
      @convention(c) (
        OpaquePointer?, Int32, (@convention(c) (UnsafeMutableRawPointer?) -> Int32)?,
        UnsafeMutableRawPointer?
      ) -> Void
    )?
  /// `sqlite3_prepare_v2`.
  package let prepare:
    @convention(c) (
      OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafeMutablePointer<OpaquePointer?>?,
      UnsafeMutablePointer<UnsafePointer<CChar>?>?
    ) -> Int32
  /// `sqlite3_step`.
  package let step: @convention(c) (OpaquePointer?) -> Int32
  /// `sqlite3_reset`.
  package let reset: @convention(c) (OpaquePointer?) -> Int32
  /// `sqlite3_finalize`.
  package let finalize: @convention(c) (OpaquePointer?) -> Int32
  /// `sqlite3_stmt_readonly`.
  package let statementIsReadOnly: @convention(c) (OpaquePointer?) -> Int32
  /// `sqlite3_column_count`.
  package let columnCount: @convention(c) (OpaquePointer?) -> Int32
  /// `sqlite3_column_name`.
  package let columnName: @convention(c) (OpaquePointer?, Int32) -> UnsafePointer<CChar>?
  /// `sqlite3_column_type`.
  package let columnType: @convention(c) (OpaquePointer?, Int32) -> Int32
  /// `sqlite3_column_int64`.
  package let columnInteger: @convention(c) (OpaquePointer?, Int32) -> Int64
  /// `sqlite3_column_double`.
  package let columnDouble: @convention(c) (OpaquePointer?, Int32) -> Double
  /// `sqlite3_column_text`.
  package let columnText: @convention(c) (OpaquePointer?, Int32) -> UnsafePointer<UInt8>?
  /// `sqlite3_column_blob`.
  package let columnBlob: @convention(c) (OpaquePointer?, Int32) -> UnsafeRawPointer?
  /// `sqlite3_column_bytes`.
  package let columnBytes: @convention(c) (OpaquePointer?, Int32) -> Int32
  /// `sqlite3_bind_int64`.
  package let bindInteger: @convention(c) (OpaquePointer?, Int32, Int64) -> Int32
  /// `sqlite3_bind_double`.
  package let bindDouble: @convention(c) (OpaquePointer?, Int32, Double) -> Int32
  /// `sqlite3_bind_text`, its destructor passed as an integer (`-1`, `SQLITE_TRANSIENT`).
  package let bindText:
    @convention(c) (OpaquePointer?, Int32, UnsafePointer<CChar>?, Int32, Int) -> Int32
  /// `sqlite3_bind_blob`, its destructor passed as an integer (`-1`, `SQLITE_TRANSIENT`).
  package let bindBlob:
    @convention(c) (OpaquePointer?, Int32, UnsafeRawPointer?, Int32, Int) -> Int32
  /// `sqlite3_bind_null`.
  package let bindNull: @convention(c) (OpaquePointer?, Int32) -> Int32

  /// The file `dlopen` is given when no other is named: the system library's soname.
  package static var defaultName: String {
    #if canImport(Darwin)
      "/usr/lib/libsqlite3.dylib"
    #else
      "libsqlite3.so.0"
    #endif
  }

  /// What to install when the library is missing, for the error message.
  package static var installHint: String {
    #if canImport(Darwin)
      "the system's SQLite library (/usr/lib/libsqlite3.dylib) ships with the operating system"
    #else
      "install the SQLite library: libsqlite3-0 on Debian and Ubuntu (apt-get install libsqlite3-0), sqlite-libs on Fedora"
    #endif
  }

  /// The library of the process: the one at ``defaultName``, or the one the environment
  /// variable `TABLEKIT_SQLITE_LIBRARY` names, loaded once.
  package static let shared: Result<SQLiteLibrary, DatabaseError> = {
    let named = getenv("TABLEKIT_SQLITE_LIBRARY").map { String(cString: $0) }
    return Result { () throws(DatabaseError) in try SQLiteLibrary(name: named ?? defaultName) }
  }()

  /// Loads the library `name` (a soname or a path, as `dlopen` takes it) and binds every
  /// function.
  ///
  /// The handle is never closed: the functions stay valid for the life of the process.
  ///
  /// - Parameter name: The library's file name or path.
  /// - Throws: ``DatabaseError/Reason/libraryUnavailable(library:detail:)`` when it cannot be
  ///   loaded or lacks a function.
  package init(name: String) throws(DatabaseError) {
    guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else {
      let detail = dlerror().map { String(cString: $0) } ?? "dlopen failed"
      throw DatabaseError(
        path: nil, reason: .libraryUnavailable(library: name, detail: detail))
    }
    var symbols = SymbolTable(handle: handle, library: name)
    libraryVersion = try symbols.bind("sqlite3_libversion")
    open = try symbols.bind("sqlite3_open_v2")
    close = try symbols.bind("sqlite3_close_v2")
    errorMessage = try symbols.bind("sqlite3_errmsg")
    extendedErrorCode = try symbols.bind("sqlite3_extended_errcode")
    errorString = try symbols.bind("sqlite3_errstr")
    databaseConfig = try symbols.bind("sqlite3_db_config")
    limit = try symbols.bind("sqlite3_limit")
    progressHandler = try? symbols.bind("sqlite3_progress_handler")
    prepare = try symbols.bind("sqlite3_prepare_v2")
    step = try symbols.bind("sqlite3_step")
    reset = try symbols.bind("sqlite3_reset")
    finalize = try symbols.bind("sqlite3_finalize")
    statementIsReadOnly = try symbols.bind("sqlite3_stmt_readonly")
    columnCount = try symbols.bind("sqlite3_column_count")
    columnName = try symbols.bind("sqlite3_column_name")
    columnType = try symbols.bind("sqlite3_column_type")
    columnInteger = try symbols.bind("sqlite3_column_int64")
    columnDouble = try symbols.bind("sqlite3_column_double")
    columnText = try symbols.bind("sqlite3_column_text")
    columnBlob = try symbols.bind("sqlite3_column_blob")
    columnBytes = try symbols.bind("sqlite3_column_bytes")
    bindInteger = try symbols.bind("sqlite3_bind_int64")
    bindDouble = try symbols.bind("sqlite3_bind_double")
    bindText = try symbols.bind("sqlite3_bind_text")
    bindBlob = try symbols.bind("sqlite3_bind_blob")
    bindNull = try symbols.bind("sqlite3_bind_null")
  }

  /// The library's version, as `sqlite3_libversion` gives it (`3.40.1`).
  package var version: String {
    libraryVersion().map { String(cString: $0) } ?? ""
  }

  #if canImport(Darwin) && arch(arm64)
    /// `sqlite3_db_config(db, op, int, int *)` as Apple's arm64 calls it.
    ///
    /// On Apple's arm64 the variadic arguments go on
    /// the stack, past the eight registers: six unused integers fill the registers after the
    /// two named arguments, so the last two land where the callee's `va_arg` reads them.
    typealias DatabaseConfig =
      @convention(c) (
        OpaquePointer?, Int32, Int, Int, Int, Int, Int, Int, Int, UnsafeMutablePointer<Int32>?
      )
      -> Int32
  #else
    /// `sqlite3_db_config(db, op, int, int *)` as x86-64 and Linux's arm64 call it.
    ///
    /// On x86-64 and on Linux's arm64 the variadic
    /// arguments are passed where named ones are.
    typealias DatabaseConfig =
      @convention(c) (OpaquePointer?, Int32, Int32, UnsafeMutablePointer<Int32>?) -> Int32
  #endif

  /// Sets the connection option `option` (one that takes an `int` and an `int *`) to `value`
  /// and returns the value it then has; `-1` as `value` only reads it.
  ///
  /// - Parameters:
  ///   - connection: The connection.
  ///   - option: The `SQLITE_DBCONFIG_…` number.
  ///   - value: `1` on, `0` off, `-1` to leave it.
  /// - Returns: The option's value after the call, or `nil` when SQLite refused the call.
  package func configure(_ connection: OpaquePointer, option: Int32, to value: Int32) -> Int32? {
    var current: Int32 = -1
    #if canImport(Darwin) && arch(arm64)
      let status = databaseConfig(connection, option, 0, 0, 0, 0, 0, 0, Int(value), &current)
    #else
      let status = databaseConfig(connection, option, value, &current)
    #endif
    return status == SQLiteCode.ok ? current : nil
  }
}

/// The symbols of one loaded library, bound by name into function types.
private struct SymbolTable {
  let handle: UnsafeMutableRawPointer
  let library: String

  /// The function `name` as `Function`.
  ///
  /// - Throws: ``DatabaseError/Reason/libraryUnavailable(library:detail:)`` naming the
  ///   missing symbol.
  mutating func bind<Function>(_ name: String) throws(DatabaseError) -> Function {
    guard let address = dlsym(handle, name) else {
      throw DatabaseError(
        path: nil,
        reason: .libraryUnavailable(library: library, detail: "it has no function \(name)"))
    }
    return unsafeBitCast(address, to: Function.self)
  }
}
