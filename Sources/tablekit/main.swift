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
if let path = options.inputPath {
  if let problem = InputFile.problem(at: path) { fail(problem, code: 65) }
  do {
    controller = try JSONTableDocument.load(path: path).makeController()
  } catch {
    fail(error.localizedDescription, code: 65)
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
