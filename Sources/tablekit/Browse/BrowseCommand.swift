import Foundation
import TableKit
import TableKitArguments
import TableKitNavigation
import TableKitRecords
import TableKitSamples

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `tablekit browse`: builds the stack to walk and runs the scripted or the interactive browser.
enum BrowseCommand {
  /// Runs `browse` with its options and returns the exit status.
  static func run(_ options: BrowseOptions) -> ExitStatus {
    let selections = SelectionLog()
    let stack: NavigationController
    var urlOfTop: ((NavigationController) -> String?)?
    do {
      stack = try makeStack(
        options.source, startURL: options.startURL, selections: selections,
        showsProgress: options.progress.showsProgress)
      if options.source == .cars {
        let router = try CarCatalogue.makeRouter()
        urlOfTop = { ($0.top.navigationDestination as? CarCatalogue.Level).flatMap(router.url) }
      }
    } catch {
      fail(error.localizedDescription, status: .dataError)
    }
    let browser = Browser(stack: stack, selections: selections, urlOfTop: urlOfTop)
    if !options.scripted, isatty(0) == 1, isatty(1) == 1,
      let terminal = RawTerminal(input: 0, output: 1)
    {
      return InteractiveBrowser(browser: browser, terminal: terminal).run()
    }
    return ScriptedBrowser(browser: browser).run()
  }

  /// The stack for `source`, which writes a leaf selection into `selections` as a sentence.
  ///
  /// With `showsProgress`, a file's load shows the bytes read of its size and the rows made.
  private static func makeStack(
    _ source: BrowseOptions.Source, startURL: String?, selections: SelectionLog,
    showsProgress: Bool
  ) throws -> NavigationController {
    if let startURL, source == .cars {
      return try CarCatalogue.makeRouter().makeNavigationController(
        for: startURL, factory: CarCatalogue.makeLevel)
    }
    let report: (DrillDownSelection<NestedValue>) -> Void = { selection in
      let path = selection.path.map(String.init).joined(separator: ", ")
      selections.last = "Selected \"\(selection.leaf.title)\" (path [\(path)])."
    }
    switch source {
    case .cars:
      return try CarCatalogue.makeStack()
    case .nested:
      return NavigationController(
        drillingInto: NestedSample.value, title: NestedSample.title, onSelect: report)
    case .file(let path):
      // Opening it first names the path and the reason (missing, a directory) in plain words.
      let input: ByteInput
      do {
        input = try InputChoice.file(path: path)
      } catch {
        error.exit()
      }
      let ticker = showsProgress ? ProgressTicker(reading: input.attachProgress()) : nil
      // Stopped (its line cleared) before an error is told or the browser takes the terminal.
      defer { ticker?.stop() }
      let value = try NestedJSON.read(input)
      return NavigationController(drillingInto: value, title: value.title, onSelect: report)
    }
  }
}
