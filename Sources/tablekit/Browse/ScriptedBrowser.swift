import TableKit
import TableKitArguments
import TableRender

/// The line-by-line browser: reads one command per line and prints each level it reaches.
///
/// Every level is printed with the text renderer under its breadcrumbs, its selectable rows
/// numbered, then the commands it accepts. Each command read is echoed after `> `, so the
/// output reads as a transcript. The end of the input quits, like `q`.
struct ScriptedBrowser {
  let browser: Browser

  func run() -> ExitStatus {
    var output = FileDescriptorStream.standardOutput
    var level = show(to: &output)
    while let line = readLine() {
      let command = line.trimmingWhitespace()
      if command.isEmpty { continue }
      print("> " + TerminalText.inert(command), to: &output)
      let outcome: Browser.Outcome
      switch command {
      case "q", "quit":
        return .success
      case "b", "back":
        outcome = browser.back()
      default:
        guard let number = Int(command) else {
          outcome = .said("\"\(command)\" is not a command. \(browser.choices(for: level))")
          break
        }
        outcome = browser.open(number, in: level)
      }
      switch outcome {
      case .moved:
        level = show(to: &output)
      case .said(let message):
        print(TerminalText.inert(message), to: &output)
      }
    }
    return .success
  }

  /// Prints the top level and returns the numbered view of it.
  private func show(to output: inout FileDescriptorStream) -> BrowseLevelDataSource {
    let level = browser.currentLevel(marksHighlight: false)
    let renderer = TextTableRenderer(title: browser.breadcrumbLine, style: .rounded)
    print("", to: &output)
    print(renderer.render(TableView(dataSource: level)), terminator: "", to: &output)
    if let url = browser.urlLine { print(TerminalText.inert(url), to: &output) }
    print(TerminalText.inert(browser.choices(for: level)), to: &output)
    return level
  }
}

extension String {
  /// The string without spaces and tabs at either end (a CR from a CRLF line too).
  fileprivate func trimmingWhitespace() -> String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
    guard let first = firstIndex(where: { !isSpace($0) }),
      let last = lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(self[first...last])
  }
}
