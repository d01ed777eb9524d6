public import TableKitDatabase
import TableKitFiles
import TableRender

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Publishes a SQLite database as a static site: its tables, rows and foreign keys as linked
/// pages, each with `.csv` and `.json` twins.
///
/// ```swift
/// let database = try Database(path: "shop.db")
/// let exporter = DatabaseSiteExporter(siteTitle: "Shop", rowsPerPage: 50)
/// let report = try exporter.export(database, toDirectory: "site")
/// print("\(report.pagesWritten) pages")
/// ```
///
/// The site has an index of tables and views with their row counts; per table, list pages of
/// ``rowsPerPage`` rows read by keyset pagination (never `OFFSET`) with previous and next links
/// and the range of rows shown; a page per row, where each foreign key's value links to the row
/// it references (a dangling reference is shown and marked, never a broken link) and "links
/// from other tables" counts the rows that reference it, each count a link to the list of those
/// rows; and facet pages for columns with few distinct values. Every page's address is printed
/// by a route of ``DatabaseSiteLevel/router()`` and named by the site exporter's collision-proof
/// naming, so hostile table names and values stay data.
///
/// Pages carry the site exporter's breadcrumbs, landmarks and Pagefind attributes; every link
/// is checked before anything is published, `sitemap.xml` lists exactly the pages, and the
/// folder is replaced in one step (`SafeWrite.directory`). Rows are read a page at a time, so
/// memory stays flat however large the tables. The output is deterministic.
public struct DatabaseSiteExporter: Sendable {
  /// The site's name: the index's heading and the tail of each page's title; `nil` for
  /// "Tables".
  public var siteTitle: String?
  /// The pages' language, a BCP 47 tag.
  public var language = "en"
  /// How many rows a list page holds.
  public var rowsPerPage: Int
  /// The most distinct values (other than `NULL`) a column may have to get a facet page.
  public var maximumFacetValues = 30
  /// Where the site will be served, for the sitemap and canonical links; `nil` for relative.
  public var baseURL: String?
  /// Files the export reads (the database): a folder holding one is never replaced.
  public var inputPaths: [String] = []
  /// Whether a non-empty folder TableKit did not write may be replaced.
  public var replacesForeignFolder = false
  /// Whether an export over a site TableKit wrote makes the whole site again in a new folder
  /// and swaps it in one step, rather than updating it in place; `false` by default.
  ///
  /// In place, the pages whose inputs did not change are neither made nor touched, and only
  /// files whose bytes changed are replaced, each in one step, after every new file is written
  /// and synced; a reader may see some changed pages new and others old while the renames run
  /// (an export cut short there is finished by the next one). The whole-folder swap never
  /// shows a mix, but makes every page and links every unchanged file into the new folder.
  public var replacesWholeFolder = false
  /// Called after each page is written, for a progress line.
  package var pageWritten: (@Sendable () -> Void)?

  /// Creates an exporter.
  ///
  /// - Parameters:
  ///   - siteTitle: The site's name, or `nil`.
  ///   - rowsPerPage: How many rows a list page holds (at least 1).
  ///   - baseURL: Where the site will be served, or `nil`.
  public init(siteTitle: String? = nil, rowsPerPage: Int = 100, baseURL: String? = nil) {
    self.siteTitle = siteTitle
    self.rowsPerPage = max(1, rowsPerPage)
    self.baseURL = baseURL
  }

  /// Exports `database` into the folder at `path`, replacing what it held only once the whole
  /// site is written and checked.
  ///
  /// - Parameters:
  ///   - database: The database, opened to read.
  ///   - path: The site's folder.
  /// - Returns: What was written.
  /// - Throws: ``DatabaseSiteError``; the folder is then as it was.
  @discardableResult
  public func export(_ database: Database, toDirectory path: String)
    throws(DatabaseSiteError) -> DatabaseSiteReport
  {
    let inputs = inputPaths + [database.path]
    if !replacesWholeFolder {
      let patch: PatchedDirectory?
      do throws(SafeWriteError) {
        patch = try PatchedDirectory.open(at: path, protecting: inputs)
      } catch {
        throw .site(.cannotWrite(error))
      }
      if let patch, let report = try exportChanges(database, into: patch) { return report }
    }
    let fill = { (staged: StagedDirectory) throws(DatabaseSiteError) in
      // A thread of its own creates the files (a file whose bytes the replaced site already
      // has is linked from it, not written) while the next page is made.
      let writes = StagedDirectory.QueuedWrites(into: staged)
      let exported = Result { () throws(DatabaseSiteError) in
        try export(database, to: QueuedSiteFiles(writes: writes))
      }
      // Every queued file is written (or the writing stopped) before the folder is used.
      let stored = Result { () throws(SafeWriteError) in try writes.finish() }
      var report = try exported.get()
      do throws(SafeWriteError) {
        (report.filesWritten, report.filesUnchanged) = try (
          stored.get().written, stored.get().unchanged
        )
      } catch {
        throw .site(.cannotWrite(error))
      }
      report.filesRemoved = staged.previousFilesNotStaged()
      return report
    }
    return try SafeWrite.directory(
      at: path, protecting: inputs,
      replacesForeignFolder: replacesForeignFolder,
      failure: { DatabaseSiteError.site(.cannotWrite($0)) }, fill)
  }

  /// Updates the site a previous export left in `patch`: the pages whose fingerprints match
  /// are kept as they are, the others made, and only files whose bytes changed are replaced.
  ///
  /// - Returns: What was written, or `nil` when a file must become a folder or a folder a
  ///   file (a table renamed onto a page's name): the caller then writes the folder whole.
  ///   Nothing is changed before the commit, so the folder is as it was.
  /// - Throws: ``DatabaseSiteError``; before the commit the folder is as it was, and a commit
  ///   cut short is finished by the next export.
  private func exportChanges(_ database: Database, into patch: PatchedDirectory)
    throws(DatabaseSiteError) -> DatabaseSiteReport?
  {
    var report: DatabaseSiteReport
    do {
      report = try export(database, to: PatchedSiteFiles(patch: patch))
    } catch .site(.cannotWrite(let failure))
      where failure.code == ENOTDIR || failure.code == EISDIR
    {
      return nil
    }
    let counts: PatchedDirectory.Counts
    do throws(SafeWriteError) {
      counts = try patch.commit()
    } catch {
      throw .site(.cannotWrite(error))
    }
    report.filesWritten = counts.written
    report.filesUnchanged = counts.unchanged
    report.filesRemoved = counts.removed
    return report
  }

  /// Exports `database` into `files`, keeping each page whose fingerprint is the one `files`
  /// holds from a previous export, and writing the others.
  ///
  /// - Parameters:
  ///   - database: The database, opened to read.
  ///   - files: Where the files go, and the previous export's fingerprints.
  /// - Returns: What was written and kept.
  /// - Throws: ``DatabaseSiteError``, from reading, the checks or `files`.
  package func export<Files: DatabaseSiteFiles>(_ database: Database, to files: Files)
    throws(DatabaseSiteError) -> DatabaseSiteReport
  {
    let builder: DatabaseSiteBuilder
    do {
      builder = try DatabaseSiteBuilder(
        database: database, rowsPerPage: rowsPerPage, maximumFacetValues: maximumFacetValues,
        indexTitle: siteTitle ?? "Tables")
    } catch {
      throw .database(error)
    }
    var run: DatabaseSiteRun<Files>
    do {
      run = try DatabaseSiteRun(builder: builder, exporter: self, files: files)
    } catch {
      throw .database(error)
    }
    return try run.run()
  }
}

/// The files of a site written into a staged folder by its own thread; no fingerprint of a
/// previous export is known yet, so every page is made and written.
private struct QueuedSiteFiles: DatabaseSiteFiles {
  let writes: StagedDirectory.QueuedWrites

  func previousFingerprint(of file: String) -> InputFingerprint? { nil }

  func keepFiles(madeFrom fingerprint: InputFingerprint, if accepts: ([String]) -> Bool)
    -> [String]?
  { nil }

  func keep(_ file: String, fingerprint: InputFingerprint) throws(DatabaseSiteError) {
    // Only a file with a previous fingerprint is kept, and this folder knows none: never
    // called, and an error rather than a trap if it were.
    throw .site(.cannotWrite(SafeWriteError(path: file, operation: .inspect, code: ENOENT)))
  }

  func write(_ file: String, _ bytes: [UInt8], fingerprint: InputFingerprint)
    throws(DatabaseSiteError)
  {
    do throws(SafeWriteError) {
      try writes.write(file, bytes, fingerprint: fingerprint)
    } catch {
      throw .site(.cannotWrite(error))
    }
  }
}

/// The files of a site updated in place: a page whose fingerprint the previous export
/// recorded is kept, the others written where their bytes changed.
private struct PatchedSiteFiles: DatabaseSiteFiles {
  let patch: PatchedDirectory

  func previousFingerprint(of file: String) -> InputFingerprint? {
    patch.previousFingerprint(of: file)
  }

  func keepFiles(madeFrom fingerprint: InputFingerprint, if accepts: ([String]) -> Bool)
    -> [String]?
  {
    patch.keepFiles(madeFrom: fingerprint, if: accepts)
  }

  func keep(_ file: String, fingerprint: InputFingerprint) throws(DatabaseSiteError) {
    do throws(SafeWriteError) {
      try patch.keep(file, fingerprint: fingerprint)
    } catch {
      throw .site(.cannotWrite(error))
    }
  }

  func write(_ file: String, _ bytes: [UInt8], fingerprint: InputFingerprint)
    throws(DatabaseSiteError)
  {
    do throws(SafeWriteError) {
      try patch.write(file, bytes, fingerprint: fingerprint)
    } catch {
      throw .site(.cannotWrite(error))
    }
  }
}
