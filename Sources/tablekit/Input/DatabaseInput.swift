import TableKit
import TableKitArguments
import TableKitDatabase
import TableKitFiles
import TableKitRecords

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A SQLite database given to the render command: its list of tables and views, one table, or
/// the rows of a query, shaped and streamed like any other input.
enum DatabaseInput {
  /// The extensions that name a database file.
  static let extensions: Set<String> = ["db", "sqlite", "sqlite3", "db3"]

  /// The first 16 bytes of every SQLite database file.
  static let header: [UInt8] = Array("SQLite format 3\0".utf8)

  /// Whether the file at `path` is a database: its extension, else its first 16 bytes.
  ///
  /// - Parameter path: The path; `-` (standard input) never is.
  /// - Returns: Whether it is read as a database.
  static func isDatabase(path: String) -> Bool {
    guard path != "-" else { return false }
    let name = path.split(separator: "/").last ?? ""
    if let dot = name.lastIndex(of: "."),
      extensions.contains(name[name.index(after: dot)...].lowercased())
    {
      return true
    }
    guard let file = fopen(path, "rb") else { return false }
    defer { fclose(file) }
    var bytes = [UInt8](repeating: 0, count: header.count)
    return fread(&bytes, 1, bytes.count, file) == bytes.count && bytes == header
  }

  /// Opens the database at `path` and reads what the options choose.
  ///
  /// - Parameters:
  ///   - path: The database file.
  ///   - input: How rows are shaped and sampled.
  ///   - selection: The table, query or neither.
  /// - Returns: The table's rows and title.
  /// - Throws: ``CommandFailure`` with the status for what went wrong.
  static func open(path: String, input: TableInput, selection: DatabaseSelection)
    throws(CommandFailure) -> TableInput.Records
  {
    do {
      let database = try Database(path: path)
      if selection.table == nil, selection.query == nil {
        return try listing(database, input: input)
      }
      let statement: DatabaseStatement
      if let table = selection.table {
        let entry = try database.entry(named: table)
        statement = try database.prepare(
          "SELECT * FROM \(SQLIdentifier.quoted(entry.name))", table: entry.name)
      } else {
        statement = try database.query(selection.query ?? "")
      }
      let nullText = selection.nullText
      let makeReader: RecordStreamDataSource.ReaderFactory = { _ throws(TableInputError) in
        DatabaseRecordReader(statement: statement, inputName: path, nullText: nullText)
      }
      do {
        return try input.openRecords(
          inputName: path, input: nil, rewinds: makeReader, chunkedReading: nil,
          makeReader: makeReader)
      } catch {
        throw CommandFailure(message: error.description, status: error.exitStatus)
      }
    } catch let error as DatabaseError {
      throw CommandFailure(message: error.description, status: status(for: error, path: path))
    } catch let error as CommandFailure {
      throw error
    } catch {
      throw CommandFailure(message: "\(error)", status: .software)
    }
  }

  /// The tables and views with their kinds and row counts, as a table of three columns; a
  /// view that cannot be counted has an empty count, and a line on standard error says why.
  private static func listing(_ database: Database, input: TableInput) throws -> TableInput.Records
  {
    var rows: [[CellValue]] = []
    var standardError = FileDescriptorStream.standardError
    for entry in try database.tables() {
      var count = CellValue.empty
      do throws(DatabaseError) {
        count = .integer(try database.rowCount(of: entry.name))
      } catch {
        if error.isCorruption { throw error }
        // A view that cannot run (it calls a function an untrusted schema may not) is listed
        // without a count, and why is said.
        print(errorLine("\(error); its row count is left empty"), to: &standardError)
      }
      rows.append([.text(entry.name), .text(entry.kind.rawValue), count])
    }
    let document = JSONTableDocument(
      columns: ["name", "type", "rows"], sections: [JSONTableDocument.Section(rows: rows)])
    let shaped = try input.shaping.apply(to: document, inputName: database.path)
    return TableInput.Records(dataSource: shaped.makeController().dataSource, title: shaped.title)
  }

  /// The exit status for `error`: 69 when SQLite is missing, 66 when the file is, 64 for a
  /// table the file lacks or a query that is wrong or would write, 65 for a damaged file and
  /// anything else about the input.
  static func status(for error: DatabaseError, path: String) -> ExitStatus {
    switch error.reason {
    case .libraryUnavailable: return .unavailable
    case .cannotOpen:
      do {
        _ = try SystemCalls.status(path, followingLinks: true)
      } catch  where error.code == ENOENT {
        return .noInput
      } catch {}
      return .dataError
    case .noSuchTable, .writes, .notOneStatement: return .usage
    case .sqlite where error.table == "query": return .usage
    case .corrupt, .noKey, .keyMismatch, .sqlite: return .dataError
    }
  }
}
