// Fuzzes the database reader of `Sources/TableKitDatabase/` with damaged SQLite files: the
// fuzzer mutates a database file's bytes (the seeds in Fuzz/Corpus/database/ are small valid
// databases with 512-byte pages: rowid and WITHOUT ROWID tables, compound keys, foreign keys, a
// view, an index, BLOBs, NULLs, REALs, text that is not UTF-8).
//
// Each input is written to one scratch file (in /dev/shm when there is one) and opened through
// `Database(path:)`, as the command line opens it (read-only, immutable, hardened). Then the
// schema is listed (`tables()`), and for each of the first tables and views: its row count, its
// schema, the tables referring to it, every keyset page of it (a few rows a page, a bounded
// number of pages) and each page's rows read again by key (`row(of:key:)`).
//
// Built with TableKit and TableKitDatabase only (Scripts/fuzz.sh), not the renderers.
//
// Properties: nothing traps and AddressSanitizer reports nothing (any `DatabaseError` is fine);
// an error names the scratch file; a page never holds more rows than asked for, and each row has
// as many values as the page has columns and one key of the table's key size.

import TableKitDatabase

#if canImport(Glibc)
  import Glibc
#endif

/// The scratch file every execution rewrites: in /dev/shm (memory) when it exists, named by the
/// process so that two runs side by side do not share it.
private let scratchPath: String = {
  var status = stat()
  let directory = stat("/dev/shm", &status) == 0 ? "/dev/shm" : "/tmp"
  let path = "\(directory)/tablekit-fuzz-database-\(getpid()).db"
  atexit { unlink(scratchPath) }
  return path
}()

/// Stops the run on a broken property: a finding, saved by libFuzzer as a crash. (This harness
/// is built without TableRender, so without Fuzz/Support/, whose `fail` is the same.)
private func fail(_ message: String, _ details: [Any] = []) -> Never {
  var report = "fuzz property failed: \(message)\n"
  for detail in details { report += "  \(String(reflecting: detail))\n" }
  fatalError(report)
}

/// The most tables and views read, pages read a table, and rows a page.
private let tableLimit = 8
private let pageLimit = 16
private let rowsPerPage = 4

/// Writes `bytes` to the scratch file, whole.
private func writeScratch(_ bytes: [UInt8]) {
  let descriptor = open(scratchPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
  guard descriptor >= 0 else { fail("cannot write the scratch file", [errno]) }
  defer { close(descriptor) }
  var written = 0
  while written < bytes.count {
    let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    guard count > 0 else { fail("cannot write the scratch file", [errno]) }
    written += count
  }
}

/// Fails unless `error` names the scratch file.
private func checkNamesTheFile(_ error: DatabaseError) {
  if error.path != scratchPath { fail("an error does not name the database file", [error]) }
}

/// Reads one table or view every way the site and the command line read it.
private func read(_ entry: Database.TableEntry, in database: Database) {
  do throws(DatabaseError) {
    _ = try database.rowCount(of: entry.name)
  } catch {
    checkNamesTheFile(error)
  }
  do throws(DatabaseError) {
    _ = try database.incomingForeignKeys(to: entry.name)
  } catch {
    checkNamesTheFile(error)
  }
  let schema: TableSchema
  do throws(DatabaseError) {
    schema = try database.schema(of: entry.name)
  } catch {
    checkNamesTheFile(error)
    return
  }
  guard entry.kind == .table, !schema.key.isEmpty else { return }
  var after: [DatabaseValue]?
  for _ in 0..<pageLimit {
    let page: DatabasePage
    do throws(DatabaseError) {
      page = try database.page(of: schema, after: after, limit: rowsPerPage)
    } catch {
      checkNamesTheFile(error)
      return
    }
    if page.rows.count > rowsPerPage || page.keys.count != page.rows.count {
      fail("a page holds more rows than asked for, or a key a row", [page])
    }
    for (row, key) in zip(page.rows, page.keys) {
      if row.count != page.columns.count || key.count != schema.key.count {
        fail("a row's values or key do not match the page's columns or the table's key", [page])
      }
      do throws(DatabaseError) {
        _ = try database.row(of: schema, key: key)
      } catch {
        checkNamesTheFile(error)
      }
    }
    guard page.rows.count == rowsPerPage, let last = page.keys.last else { return }
    after = last
  }
}

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzDatabase(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  writeScratch(bytes)
  let database: Database
  let entries: [Database.TableEntry]
  do throws(DatabaseError) {
    database = try Database(path: scratchPath)
    entries = try database.tables()
  } catch {
    checkNamesTheFile(error)
    return 0
  }
  for entry in entries.prefix(tableLimit) { read(entry, in: database) }
  return 0
}
