import Foundation
import TableKit
import TableKitArguments
import TableKitFiles
import TableKitRecords
import TableKitReports
import TableKitSamples
import TableRender

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `tablekit [<file>]`: reads a table (or takes a sample) and renders it.
enum RenderCommand {
  /// Renders the table `options` ask for and returns the exit status.
  @MainActor static func run(_ options: Options) async -> ExitStatus {
    let output = options.output
    // Before any input is read: a workbook's bytes would garble the terminal.
    if output.format == .xlsx, output.outputPath == nil, isatty(1) == 1 {
      fail(
        "-f xlsx writes a binary workbook, which a terminal cannot show: give -o FILE "
          + "(or send standard output to a file or a pipe)",
        status: .usage)
    }
    if options.input.shaping.isGrouped, options.input.shaping.groupBy == nil {
      fail(
        "--grouped says the input is grouped by the --group-by column: give --group-by <col> "
          + "too", status: .usage)
    }
    // A sample asked for by name wins over standard input that merely happens to be a pipe.
    let asksForSample = options.inputPath == nil && (options.feed != nil || options.composed)
    if let path = output.outputPath {
      // Before any input is read, and before any thread starts (so that all inherit the blocked
      // signals): an output that is the input is refused, and a signal removes the temporary.
      OutputFile.refuseIfInput(
        path: path, inputPath: asksForSample ? nil : options.inputPath,
        readsStandardInput: !asksForSample)
      SafeWrite.removeTemporariesOnTerminationSignals()
      // Past a file-size limit (`ulimit -f`) a write then fails with EFBIG, reported like a full
      // disk with the file left as it was, instead of SIGXFSZ killing the program mid-write.
      signal(SIGXFSZ, SIG_IGN)
    }

    let controller: TableController
    var stream: RecordStreamDataSource?
    var ticker: ProgressTicker?
    let readsDatabase = !asksForSample && options.inputPath.map(DatabaseInput.isDatabase) == true
    if options.database.isChosen, !readsDatabase, let token = options.database.token {
      fail(
        UsageError.unexpectedArgument(
          token, reason: "\(token.text) reads a SQLite database file, and the input is not one"),
        help: "tablekit --help")
    }
    if readsDatabase, let path = options.inputPath {
      do {
        var selection = options.database
        if selection.nullText == nil, output.format.showsNullAsWord {
          selection.nullText = DatabaseSelection.nullWord
        }
        let records = try DatabaseInput.open(
          path: path, input: options.input, selection: selection)
        controller = TableController(title: records.title, dataSource: records.dataSource)
        stream = records.stream
      } catch {
        error.exit()
      }
    } else if let chosen = asksForSample ? nil : InputChoice.input(path: options.inputPath) {
      // A conversion written to a file shows the bytes read of the input's size, and the
      // rows, from before the first byte is read (sorting or grouping reads every row first).
      if output.outputPath != nil && output.progress.showsProgress {
        ticker = ProgressTicker(reading: chosen.attachProgress())
      }
      do {
        let opened = try options.input.open(
          chosen, path: options.inputPath == "-" ? nil : options.inputPath)
        controller = TableController(title: opened.title, dataSource: opened.dataSource)
        stream = opened.stream
      } catch {
        ticker?.stop()
        fail(error.localizedDescription, status: error.exitStatus)
      }
    } else if let feed = options.feed {
      controller = await SampleFeed.makeController(feed)
    } else if options.composed {
      controller = SampleLedger.makeComposedController(showsLastMonth: options.showsLastMonth)
    } else {
      controller = SampleLedger.makeController()
    }

    let reportRenderer =
      options.report.isRequested
      ? makeReportRenderer(
        options, table: controller.table, title: controller.title, stream: stream,
        readsDatabase: readsDatabase)
      : nil
    let renderer =
      reportRenderer
      ?? makeRenderer(options, title: controller.title, readsDatabase: readsDatabase)
    if let path = output.outputPath {
      OutputFile.write(
        controller.table, with: renderer, to: path, stream: stream, ticker: ticker,
        reportFailure: reportRenderer?.failure)
    } else {
      do {
        try renderer.writeToStandardOutput(controller.table)
      } catch {
        fail(error.localizedDescription, status: .ioError)
      }
    }
    if let error = stream?.error { fail(error.localizedDescription, status: error.exitStatus) }
    if let error = reportRenderer?.failure.error { fail(error.description, status: .dataError) }
    return .success
  }

  /// The report renderer for the chosen format.
  ///
  /// The report is checked against the table's columns first (a usage error names an unknown
  /// column), and a total at the top of a pipe is refused. A database's empty text is written
  /// apart from its `NULL` in CSV, as without a report.
  private static func makeReportRenderer(
    _ options: Options, table: TableView, title: String?, stream: RecordStreamDataSource?,
    readsDatabase: Bool
  ) -> any ReportRenderer {
    let report: Report
    do {
      report = try options.report.report(
        columns: table.dataSource.columns.map(\.title), title: title,
        grouped: options.input.shaping.groupBy != nil,
        moneyColumns: options.input.columnTypes.compactMap { column, parser in
          if case .money = parser.kind { column } else { nil }
        })
      _ = try report.layout(for: table)
    } catch let error as ReportOptionError {
      fail(TerminalText.inert(error.description), status: .usage)
    } catch let error as ReportError {
      fail(TerminalText.inert(error.description), status: .usage)
    } catch {
      fail(TerminalText.inert("\(error)"), status: .usage)
    }
    if report.needsEveryRowFirst, let stream, stream.rereadableRowCount != Int.max {
      fail(
        "--total-at-top needs every row before the first, and this input is a pipe that can "
          + "be read only once: read from a file, or use --total for a total at the bottom",
        status: .usage)
    }
    let output = options.output
    switch output.format {
    case .text:
      return TextReportRenderer(report: report)
    case .markdown:
      return MarkdownReportRenderer(report: report)
    case .csv:
      return CSVReportRenderer(
        report: report, guardsFormulas: output.formulaGuard,
        emptyText: readsDatabase ? .quoted : .unquoted)
    case .html:
      return HTMLReportRenderer(
        report: report,
        mode: output.htmlFragment ? .fragment : .document(title: title ?? "Report"))
    case .latex:
      return LaTeXReportRenderer(report: report, mode: output.htmlFragment ? .fragment : .document)
    case .typst:
      return TypstReportRenderer(report: report)
    case .xlsx:
      return XLSXReportRenderer(
        report: report, sheetName: title ?? "Sheet1", inexactValues: warnInexactValues)
    }
  }

  /// The renderer for the format and settings `options` ask for.
  ///
  /// - Parameters:
  ///   - options: The command line's options.
  ///   - title: The table's title, if any.
  ///   - readsDatabase: Whether the rows come from a database, whose `NULL` CSV keeps apart
  ///     from the empty text (an empty field against `""`).
  /// - Returns: The renderer.
  private static func makeRenderer(_ options: Options, title: String?, readsDatabase: Bool)
    -> any TableRenderer
  {
    let output = options.output
    switch output.format {
    case .text:
      return TextTableRenderer(
        title: title, style: output.style, maximumWidth: options.maximumWidth,
        overflow: options.wraps ? .wrap : .truncate,
        alignsDecimalPoints: options.alignsDecimalPoints)
    case .markdown:
      return MarkdownTableRenderer(title: title)
    case .csv:
      return CSVTableRenderer(
        formulaGuard: output.formulaGuard ? .on : .off,
        emptyText: readsDatabase ? .quoted : .unquoted)
    case .html:
      return HTMLTableRenderer(
        caption: title, mode: output.htmlFragment ? .fragment : .document(title: title ?? "Table"))
    case .latex:
      return LaTeXTableRenderer(caption: title, mode: output.htmlFragment ? .fragment : .document)
    case .typst:
      return TypstTableRenderer(title: title)
    case .xlsx:
      return XLSXTableRenderer(sheetName: title ?? "Sheet1", inexactValues: warnInexactValues)
    }
  }

  /// Says on standard error how many values a workbook holds as text to keep them exact.
  @Sendable private static func warnInexactValues(_ count: Int) {
    var standardError = FileDescriptorStream.standardError
    print(
      errorLine(
        "warning: \(count) value\(count == 1 ? "" : "s") written as text (marked) because "
          + "a spreadsheet number would round \(count == 1 ? "it" : "them") "
          + "(more than 15 significant digits, or an integer beyond 2^53)"),
      to: &standardError)
  }
}
