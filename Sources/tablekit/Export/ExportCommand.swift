import Foundation
import TableKit
import TableKitArguments
import TableKitFiles
import TableKitNavigation
import TableKitRecords
import TableKitSamples
import TableRender

/// `tablekit export`: builds the hierarchy, exports it as a site, and says what it wrote.
enum ExportCommand {
  /// Runs `export` with its options and returns the exit status.
  static func run(_ options: ExportOptions) -> ExitStatus {
    var standardOutput = FileDescriptorStream.standardOutput
    var standardError = FileDescriptorStream.standardError
    guard let folder = options.outputDirectory else { fail("export needs --out", status: .usage) }
    let inputs: [String]
    switch options.source {
    case .samples: inputs = []
    case .nested(let path), .grouped(let path, _), .database(let path): inputs = [path]
    }
    // Before any input is read: a folder the export may not replace is refused.
    do {
      try SafeWrite.checkReplaceable(
        folder: folder, protecting: inputs, replacesForeignFolder: options.replacesForeignFolder)
    } catch {
      if case .refuse = error.operation { fail(error.description, status: .cannotCreate) }
      fail(error.description, status: .ioError)
    }
    if case .database(let path) = options.source {
      return DatabaseSiteCommand.run(options, path: path, folder: folder)
    }
    let stack = makeStack(options.source)
    var exporter = SiteExporter(
      siteTitle: options.siteTitle, rowsPerPage: options.rowsPerPage,
      maximumDepth: options.maximumDepth, maximumPages: options.maximumPages,
      baseURL: options.baseURL)
    exporter.keepsGoing = options.keepsGoing
    exporter.inputPaths = inputs
    exporter.replacesForeignFolder = options.replacesForeignFolder
    if options.source == .samples { exporter.canonicalURL = SampleSite.canonicalURL }
    let (ticker, pageWritten) = ProgressTicker.pages(options.progress)
    exporter.pageWritten = pageWritten
    let report: SiteExportReport
    do {
      defer { ticker?.stop() }
      report = try exporter.export(stack, toDirectory: folder)
    } catch {
      if case .cannotWrite(let failure) = error {
        if case .refuse = failure.operation { fail(error.description, status: .cannotCreate) }
        fail(error.description, status: .ioError)
      }
      fail("nothing was exported: \(clause(error.description))", status: .failure)
    }
    for level in report.failedLevels {
      print(errorLine("warning: failed to load: \(level)"), to: &standardError)
    }
    let pages = report.pagesWritten == 1 ? "1 page" : "\(report.pagesWritten) pages"
    let levels = report.levelsWritten == 1 ? "1 level" : "\(report.levelsWritten) levels"
    let shown = TerminalText.inert(BytePath.displayed(folder))
    let written = report.filesWritten == 1 ? "1 file" : "\(report.filesWritten) files"
    let files =
      "\(written) written, \(report.filesUnchanged) unchanged, \(report.filesRemoved) removed"
    print("exported \(pages) (\(levels)) to \(shown): \(files)", to: &standardOutput)
    return .success
  }

  /// The stack of `source`; bad input ends the program with its message.
  private static func makeStack(_ source: ExportOptions.Source) -> NavigationController {
    do {
      switch source {
      case .samples:
        return try SampleSite.makeStack()
      case .nested(let path):
        do {
          _ = try InputChoice.file(path: path)
        } catch {
          error.exit()
        }
        let value = try NestedJSON.read(path: path)
        return NavigationController(drillingInto: value, title: value.title)
      case .grouped(let path, let names):
        return try grouped(path: path, names: names).makeStack()
      case .database:
        preconditionFailure("a database is exported by DatabaseSiteCommand")
      }
    } catch let error as TableInputError {
      fail(error.localizedDescription, status: error.exitStatus)
    } catch {
      fail(error.localizedDescription, status: .dataError)
    }
  }

  /// The rows of the flat file at `path`, grouped by the columns named `names`.
  private static func grouped(path: String, names: [String]) throws -> GroupedSite {
    let input: ByteInput
    do {
      input = try InputChoice.file(path: path)
    } catch {
      error.exit()
    }
    var reading = TableInput()
    reading.chunking = .never
    let opened = try reading.open(input, path: path)
    let source = opened.dataSource
    let columns = source.columns
    let titles = columns.map(\.title)
    var groupColumns: [Int] = []
    for name in names {
      guard let index = titles.firstIndex(of: name) else {
        fail(
          "\(path) has no column '\(name)'; its columns are "
            + titles.map { "'\($0)'" }.joined(separator: ", "), status: .usage)
      }
      groupColumns.append(index)
    }
    var rows: [[CellValue]] = []
    var cell = Cell("")
    if let stream = source as? any StreamedTableDataSource {
      var row = 0
      while stream.loadRow(row) {
        stream.configureCell(&cell, at: TablePosition(section: 0, row: row))
        rows.append(cell.values)
        row += 1
      }
      if let error = opened.stream?.error { throw error }
    } else {
      for section in 0..<source.numberOfSections {
        for row in 0..<source.numberOfRows(inSection: section) {
          source.configureCell(&cell, at: TablePosition(section: section, row: row))
          rows.append(cell.values)
        }
      }
    }
    // The file's name as a message shows it: a byte that is not UTF-8 as `\x{E9}`.
    let name = path.split(separator: "/").last.map(String.init) ?? path
    let title = BytePath.displayed(name)
    return GroupedSite(title: title, columns: columns, groupColumns: groupColumns, rows: rows)
  }
}
