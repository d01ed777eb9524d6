import TableKit
import TableKitArguments
import TableKitFiles
import TableKitNavigation
import TableKitRecords
import TableKitSamples
import TableRender

/// `tablekit open URL`: prints the stack the URL opens in the sample car catalogue.
enum OpenCommand {
  /// Runs `open` with its options and returns the exit status.
  @MainActor static func run(_ options: OpenOptions) async -> ExitStatus {
    var standardOutput = FileDescriptorStream.standardOutput
    let url = options.url ?? ""
    if let database = options.databasePath {
      return DatabaseOpenCommand.run(options, database: database, url: url)
    }
    let router: Router<CarCatalogue.Level>
    do {
      router = try CarCatalogue.makeRouter()
    } catch {
      fail(error.description, status: .software)
    }
    let report = await CarCatalogue.open(url, with: router)
    if let first = report.dropped.first {
      let built = report.navigationController.map {
        "; opened up to \($0.breadcrumbs.joined(separator: " › "))"
      }
      fail(clause(first.reason.description) + (built ?? ""), status: ExitStatus(first.reason))
    }
    guard let stack = report.navigationController else {
      fail("nothing was opened", status: .software)
    }
    let levels = zip(stack.controllers, stack.urls(using: router)).enumerated().map {
      index, pair in
      OpenedLevel(
        breadcrumbs: stack.breadcrumbs.prefix(index + 1).joined(separator: " › "),
        url: pair.1 ?? "", table: pair.0.table)
    }
    var text = ""
    OpenedStackWriter(options: options).write(levels, to: &text)
    guard let path = options.output.outputPath else {
      print(text, terminator: "", to: &standardOutput)
      return .success
    }
    do {
      try SafeWrite.file(at: path) { file in try file.write(text) }
    } catch {
      fail("\(error)", status: .ioError)
    }
    return .success
  }
}
