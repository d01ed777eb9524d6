import TableKit
import TableKitNavigation

/// A person's walk through a navigation stack, shared by the scripted and the interactive
/// browser: rows are opened by number, `back` pops, and what happened is said in words.
final class Browser {
  /// What a command did.
  enum Outcome: Equatable {
    /// A level was pushed or popped; show the new top level.
    case moved
    /// Nothing moved; say this (untrusted text: make it inert before printing).
    case said(String)
  }

  let stack: NavigationController
  /// What the last leaf selection reported, set by the sample's selection handler.
  private let selections: SelectionLog

  /// The URL of the top level, for a hierarchy with routes.
  private let urlOfTop: ((NavigationController) -> String?)?

  init(
    stack: NavigationController, selections: SelectionLog,
    urlOfTop: ((NavigationController) -> String?)? = nil
  ) {
    self.stack = stack
    self.selections = selections
    self.urlOfTop = urlOfTop
  }

  /// The top level's URL as a line (untrusted: make it inert before printing), or `nil`.
  var urlLine: String? { urlOfTop?(stack).map { "URL: " + $0 } }

  /// The top level's rows as the browser shows them.
  func currentLevel(marksHighlight: Bool) -> BrowseLevelDataSource {
    BrowseLevelDataSource(table: stack.top.table, marksHighlight: marksHighlight)
  }

  /// Opens the selectable row numbered `number` (from 1) of the top level.
  func open(_ number: Int, in level: BrowseLevelDataSource) -> Outcome {
    guard level.numbered.indices.contains(number - 1) else {
      return .said("There is no row \(number) here. \(choices(for: level))")
    }
    selections.last = nil
    do {
      if try stack.selectRow(at: level.numbered[number - 1]) != nil { return .moved }
    } catch {
      return .said(error.description)
    }
    return .said(selections.last ?? "Row \(number) leads nowhere deeper.")
  }

  /// Goes back one level.
  func back() -> Outcome {
    guard stack.depth > 1 else {
      return .said("This is the first level, \(quoted(stack.top.title)); q quits.")
    }
    _ = try? stack.pop()
    return .moved
  }

  /// The commands a level accepts, in words.
  func choices(for level: BrowseLevelDataSource) -> String {
    let back = stack.top.backTitle.map { "b to go back to \(quoted($0))" }
    let open: String? =
      switch level.numbered.count {
      case 0: nil
      case 1: "1 to select a row"
      default: "1-\(level.numbered.count) to select a row"
      }
    let parts = [open, back, "q to quit"].compactMap { $0 }
    return "Type " + parts.joined(separator: ", ") + "."
  }

  /// The breadcrumbs as one line, root first.
  var breadcrumbLine: String { stack.breadcrumbs.joined(separator: " › ") }

  private func quoted(_ title: String?) -> String {
    title.map { "\"\($0)\"" } ?? "untitled"
  }
}

/// The last leaf a sample's drill-down reported, as a sentence.
final class SelectionLog {
  var last: String?
}
