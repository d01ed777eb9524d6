import Foundation
import TableKit
import TableKitCommandLine
import TableRender

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Prints `message` to standard error and ends the program with `code`.
func fail(_ message: String, code: Int32) -> Never {
  var standardError = FileDescriptorStream.standardError
  print("tablekit: \(message)", to: &standardError)
  exit(code)
}

// Output into a closed pipe ends the program quietly, as it ends `cat`: restore the default in
// case the environment ignores the signal, so `tablekit big.csv | head` neither fails nor reads on.
signal(SIGPIPE, SIG_DFL)

if CommandLine.arguments.count > 1, CommandLine.arguments[1] == "browse" {
  exit(BrowseCommand.run(Array(CommandLine.arguments.dropFirst(2))))
}
if CommandLine.arguments.count > 1, CommandLine.arguments[1] == "export" {
  exit(ExportCommand.run(Array(CommandLine.arguments.dropFirst(2))))
}

let options: Options
do {
  options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
  fail(error.localizedDescription, code: 64)
}

if options.showHelp {
  var standardOutput = FileDescriptorStream.standardOutput
  print(Options.usage, terminator: "", to: &standardOutput)
  exit(0)
}

let controller: TableController
var stream: RecordStreamDataSource?
// A sample asked for by name wins over standard input that merely happens to be a pipe.
let asksForSample = options.inputPath == nil && (options.feed != nil || options.composed)
if let input = asksForSample ? nil : InputChoice.input(path: options.inputPath) {
  do {
    let opened = try options.input.open(
      input, path: options.inputPath == "-" ? nil : options.inputPath)
    controller = TableController(title: opened.title, dataSource: opened.dataSource)
    stream = opened.stream
  } catch {
    fail(error.localizedDescription, code: error.exitStatus)
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

do {
  if let path = options.outputPath {
    try renderer.write(controller.table, toFile: path)
  } else {
    try renderer.writeToStandardOutput(controller.table)
  }
} catch {
  fail(error.localizedDescription, code: 74)
}
if let error = stream?.error { fail(error.localizedDescription, code: error.exitStatus) }
