import Foundation
import TableKit
import TableKitArguments
import TableKitFiles
import TableKitRecords
import TableRender

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Prints `message` to standard error and ends the program with `status`.
///
/// The message is made inert first (``TerminalText/inert(_:)``): it may echo a file name, an
/// option value or text from the input, and none of it may reach the terminal as a control
/// character.
func fail(_ message: String, status: ExitStatus) -> Never {
  var standardError = FileDescriptorStream.standardError
  print(errorLine(message), to: &standardError)
  status.exit()
}

/// The line `fail` prints for `message`: the program's name and the message made inert.
package func errorLine(_ message: String) -> String {
  "tablekit: \(TerminalText.inert(message))"
}

/// Reports a usage error (the argument and its place, then where help is) and ends the
/// program with ``ExitStatus/usage``.
func fail(_ error: UsageError, help: String) -> Never {
  fail("\(error); see \(help)", status: .usage)
}

// Output into a closed pipe ends the program quietly, as it ends `cat`: restore the default in
// case the environment ignores the signal, so `tablekit big.csv | head` neither fails nor reads on.
signal(SIGPIPE, SIG_DFL)

if CommandLine.arguments.count > 1, CommandLine.arguments[1] == "browse" {
  BrowseCommand.run(Array(CommandLine.arguments.dropFirst(2))).exit()
}
if CommandLine.arguments.count > 1, CommandLine.arguments[1] == "open" {
  await OpenCommand.run(Array(CommandLine.arguments.dropFirst(2))).exit()
}
if CommandLine.arguments.count > 1, CommandLine.arguments[1] == "export" {
  ExportCommand.run(Array(CommandLine.arguments.dropFirst(2))).exit()
}

let options: Options
do {
  options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
  fail(error, help: "tablekit --help")
}

if options.showHelp {
  var standardOutput = FileDescriptorStream.standardOutput
  print(Options.usage, terminator: "", to: &standardOutput)
  ExitStatus.success.exit()
}

// A sample asked for by name wins over standard input that merely happens to be a pipe.
let asksForSample = options.inputPath == nil && (options.feed != nil || options.composed)
if let path = options.outputPath {
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
if let input = asksForSample ? nil : InputChoice.input(path: options.inputPath) {
  do {
    let opened = try options.input.open(
      input, path: options.inputPath == "-" ? nil : options.inputPath)
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

let renderer: any TableRenderer
switch options.format {
case .text:
  renderer = TextTableRenderer(
    title: controller.title, style: options.style, maximumWidth: options.maximumWidth,
    overflow: options.wraps ? .wrap : .truncate, alignsDecimalPoints: options.alignsDecimalPoints)
case .markdown:
  renderer = MarkdownTableRenderer(title: controller.title)
case .csv:
  renderer = CSVTableRenderer(formulaGuard: options.formulaGuard ? .on : .off)
case .html:
  renderer = HTMLTableRenderer(
    caption: controller.title,
    mode: options.htmlFragment ? .fragment : .document(title: controller.title ?? "Table"))
}

if let path = options.outputPath {
  OutputFile.write(controller.table, with: renderer, to: path, stream: stream)
} else {
  do {
    try renderer.writeToStandardOutput(controller.table)
  } catch {
    fail(error.localizedDescription, status: .ioError)
  }
}
if let error = stream?.error { fail(error.localizedDescription, status: error.exitStatus) }
