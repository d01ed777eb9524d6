import TableKitArguments
import TableKitDatabase
import TableKitDatabaseSite
import TableKitFiles
import TableRender

/// `tablekit export data.db --out site`: a SQLite database published as a static site.
enum DatabaseSiteCommand {
  /// Exports the database at `path` into `folder` with the export options.
  ///
  /// - Returns: The exit status; failures end the process with a message.
  static func run(_ options: ExportOptions, path: String, folder: String) -> ExitStatus {
    var standardOutput = FileDescriptorStream.standardOutput
    let database: Database
    do {
      database = try Database(path: path)
    } catch {
      fail(error.description, status: DatabaseInput.status(for: error, path: path))
    }
    var exporter = DatabaseSiteExporter(
      siteTitle: options.siteTitle ?? defaultTitle(path), rowsPerPage: options.rowsPerPage,
      baseURL: options.baseURL)
    exporter.inputPaths = [path]
    exporter.replacesForeignFolder = options.replacesForeignFolder
    exporter.replacesWholeFolder = options.replacesWholeFolder
    let (ticker, pageWritten) = ProgressTicker.pages(options.progress)
    exporter.pageWritten = pageWritten
    let report: DatabaseSiteReport
    do {
      defer { ticker?.stop() }
      report = try exporter.export(database, toDirectory: folder)
    } catch {
      switch error {
      case .database(let failure):
        fail(
          "nothing was exported: \(clause(failure.description))",
          status: DatabaseInput.status(for: failure, path: path))
      case .site(.cannotWrite(let failure)):
        if case .refuse = failure.operation { fail(error.description, status: .cannotCreate) }
        fail(error.description, status: .ioError)
      case .site, .noSuchLevel:
        fail("nothing was exported: \(clause(error.description))", status: .failure)
      }
    }
    let pages = report.pagesWritten == 1 ? "1 page" : "\(report.pagesWritten) pages"
    let tables = report.tables == 1 ? "1 table or view" : "\(report.tables) tables and views"
    let shown = TerminalText.inert(BytePath.displayed(folder))
    let written = report.filesWritten == 1 ? "1 file" : "\(report.filesWritten) files"
    let files =
      "\(written) written, \(report.filesUnchanged) unchanged, \(report.filesRemoved) removed"
    print("exported \(pages) (\(tables)) to \(shown): \(files)", to: &standardOutput)
    return .success
  }

  /// The site's title when `--title` is not given: the database file's name, as messages show
  /// it (a byte that is not UTF-8 as `\x{E9}`).
  static func defaultTitle(_ path: String) -> String {
    BytePath.displayed(path.split(separator: "/").last.map(String.init) ?? path)
  }
}
