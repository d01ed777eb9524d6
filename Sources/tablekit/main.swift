import TableKit
import TableRender

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

var standardOutput = FileDescriptorStream.standardOutput
var standardError = FileDescriptorStream.standardError

let options: Options
do {
  options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
  print("tablekit: \(error)", to: &standardError)
  exit(64)
}

if options.showHelp {
  print(Options.usage, terminator: "", to: &standardOutput)
  exit(0)
}

let controller = SampleLedger.makeController()
switch options.format {
case .text:
  TextTableRenderer(title: controller.title).render(controller.table, to: &standardOutput)
case .html:
  HTMLTableRenderer(caption: controller.title).render(controller.table, to: &standardOutput)
}
