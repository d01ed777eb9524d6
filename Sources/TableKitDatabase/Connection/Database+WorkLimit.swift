/// A limit on the work one call may make SQLite do, so a statement over an untrusted file (a
/// recursive view without end, a join of every row with every row) stops with an error instead
/// of running for ever.
extension Database {
  /// SQLite's virtual-machine instructions between two checks of the limit.
  static let instructionsPerCheck: Int32 = 1_000

  /// Runs `body`, stopping any statement it steps once SQLite has run `limit` virtual-machine
  /// instructions (counted in blocks of ``instructionsPerCheck``).
  ///
  /// - Parameters:
  ///   - limit: The instructions allowed; `nil` for no limit.
  ///   - table: The table or view, for the error.
  ///   - body: The work.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws; a statement stopped by the limit as `SQLITE_INTERRUPT` with
  ///   a message naming the limit.
  func stoppingAfter<Result>(
    _ limit: Int?, table: String, _ body: () throws(DatabaseError) -> Result
  ) throws(DatabaseError) -> Result {
    guard let limit, let install = library.progressHandler else { return try body() }
    // The handler is a C function: its state is this pair, [checks so far, checks allowed].
    let checks = UnsafeMutablePointer<Int>.allocate(capacity: 2)
    checks.initialize(repeating: 0, count: 2)
    checks[1] = max(limit / Int(Self.instructionsPerCheck), 1)
    defer {
      install(connection, 0, nil, nil)
      checks.deallocate()
    }
    install(
      connection, Self.instructionsPerCheck,
      { state in
        guard let checks = state?.assumingMemoryBound(to: Int.self) else { return 0 }
        checks[0] += 1
        return checks[0] > checks[1] ? 1 : 0
      }, checks)
    do {
      return try body()
    } catch {
      guard case .sqlite(let code, _) = error.reason, code == SQLiteCode.interrupt else {
        throw error
      }
      throw DatabaseError(
        path: path, table: table,
        reason: .sqlite(
          code: code,
          message: "stopped after \(limit) steps of SQLite's work (a view that never ends, or "
            + "one too costly to run)"))
    }
  }
}
