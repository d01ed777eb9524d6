import Foundation
import TableKit
import TableKitArguments
import TableKitFiles
import TableKitRecords
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
    if let chosen = asksForSample ? nil : InputChoice.input(path: options.inputPath) {
      do {
        let opened = try options.input.open(
          chosen, path: options.inputPath == "-" ? nil : options.inputPath)
        controller = TableController(title: opened.title, dataSource: opened.dataSource)
        stream = opened.stream
      } catch {
        fail(error.localizedDescription, status: error.exitStatus)
      }
    } else if let feed = options.feed {
      controller = await SampleFeed.makeController(feed)
    } else if options.composed {
      controller = SampleLedger.makeComposedController(showsLastMonth: options.showsLastMonth)
    } else {
      controller = SampleLedger.makeController()
    }

    let renderer = makeRenderer(options, title: controller.title)
    if let path = output.outputPath {
      OutputFile.write(
        controller.table, with: renderer, to: path, stream: stream,
        showsProgress: output.progress.showsProgress,
        inputPath: asksForSample ? nil : options.inputPath)
    } else {
      do {
        try renderer.writeToStandardOutput(controller.table)
      } catch {
        fail(error.localizedDescription, status: .ioError)
      }
    }
    if let error = stream?.error { fail(error.localizedDescription, status: error.exitStatus) }
    return .success
  }

  /// The renderer for the format and settings `options` ask for.
  private static func makeRenderer(_ options: Options, title: String?) -> any TableRenderer {
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
      return CSVTableRenderer(formulaGuard: output.formulaGuard ? .on : .off)
    case .html:
      return HTMLTableRenderer(
        caption: title, mode: output.htmlFragment ? .fragment : .document(title: title ?? "Table"))
    case .xlsx:
      return XLSXTableRenderer(sheetName: title ?? "Sheet1") { count in
        var standardError = FileDescriptorStream.standardError
        print(
          errorLine(
            "warning: \(count) value\(count == 1 ? "" : "s") written as text (marked) because "
              + "a spreadsheet number would round \(count == 1 ? "it" : "them") "
              + "(more than 15 significant digits, or an integer beyond 2^53)"),
          to: &standardError)
      }
    }
  }
}
