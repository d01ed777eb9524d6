import TableKit
import TableRender

/// The full-screen browser for a person at a terminal.
///
/// The top level is drawn with the text renderer, fitted to the window's width, under its
/// breadcrumbs; a highlight (reverse video and `>` before the row's number) stands on one
/// selectable row. Arrow keys move it, Enter opens the row, Backspace or ← goes back, q quits.
/// A table taller than the window scrolls to keep the highlight in view. The screen is redrawn
/// in place on the alternate screen and the terminal is restored on every way out.
///
/// Everything drawn is inert: the table's text comes escaped from the renderer, and the
/// browser's own lines (breadcrumbs, back title, messages) go through ``TerminalText``. The only
/// escape sequences written are the browser's own.
final class InteractiveBrowser {
  private let browser: Browser
  private let terminal: RawTerminal
  private var level: BrowseLevelDataSource
  /// The highlighted row's number, from 1; 0 when the level has no selectable row.
  private var highlight: Int
  /// The first table line shown.
  private var scroll = 0
  /// The highlight and scroll of each level below the top, to come back to.
  private var history: [(highlight: Int, scroll: Int)] = []
  private var message: String?
  private var lastSize = (rows: 0, columns: 0)

  init(browser: Browser, terminal: RawTerminal) {
    self.browser = browser
    self.terminal = terminal
    self.level = browser.currentLevel(marksHighlight: true)
    self.highlight = level.numbered.isEmpty ? 0 : 1
  }

  /// Runs until q, the end of the input or an interrupt, and returns the exit status.
  func run() -> Int32 {
    terminal.enter()
    defer { terminal.restore() }
    draw()
    while true {
      guard let bytes = terminal.read(waiting: 200) else { return 0 }
      if bytes.isEmpty {
        let size = terminal.size()
        if size != lastSize { draw() }
        continue
      }
      for key in Key.decode(bytes) {
        switch key {
        case .character("q"), .character("Q"): return 0
        case .interrupt: return 130
        default: handle(key)
        }
      }
      draw()
    }
  }

  private func handle(_ key: Key) {
    let page = max(1, lastSize.rows - 4)
    switch key {
    case .up, .character("k"): move(by: -1)
    case .down, .character("j"): move(by: 1)
    case .pageUp: move(by: -page)
    case .pageDown: move(by: page)
    case .home: move(by: -Int.max / 2)
    case .end: move(by: Int.max / 2)
    case .enter, .right, .character("l"): open()
    case .backspace, .left, .escape, .character("h"), .character("b"): back()
    default: break
    }
  }

  /// Moves the highlight, or scrolls a level without selectable rows.
  private func move(by delta: Int) {
    message = nil
    if level.numbered.isEmpty {
      scroll = max(0, scroll + max(-1_000_000, min(1_000_000, delta)))
    } else {
      highlight = min(
        max(1, highlight + max(-1_000_000, min(1_000_000, delta))), level.numbered.count)
    }
  }

  private func open() {
    guard highlight > 0 else { return }
    let below = (highlight, scroll)
    switch browser.open(highlight, in: level) {
    case .moved:
      history.append(below)
      enterTopLevel(highlight: level.numbered.isEmpty ? 0 : 1, scroll: 0)
      message = nil
    case .said(let text):
      message = text
    }
  }

  private func back() {
    switch browser.back() {
    case .moved:
      let previous = history.popLast() ?? (highlight: 1, scroll: 0)
      enterTopLevel(highlight: previous.highlight, scroll: previous.scroll)
      message = nil
    case .said(let text):
      message = text
    }
  }

  private func enterTopLevel(highlight: Int, scroll: Int) {
    level = browser.currentLevel(marksHighlight: true)
    self.highlight = level.numbered.isEmpty ? 0 : min(max(highlight, 1), level.numbered.count)
    self.scroll = scroll
  }

  // MARK: Drawing

  private func draw() {
    let size = terminal.size()
    lastSize = size
    let width = max(size.columns - 1, 1)
    let renderer = TextTableRenderer(style: .rounded, maximumWidth: width)
    level.highlighted = highlight
    let marked = lines(of: renderer.render(TableView(dataSource: level)))
    level.highlighted = nil
    let plain = lines(of: renderer.render(TableView(dataSource: level)))
    let highlighted = Set(marked.indices.filter { $0 >= plain.count || marked[$0] != plain[$0] })

    let viewport = max(size.rows - 3, 1)
    if let first = highlighted.min(), let last = highlighted.max() {
      if first < scroll { scroll = first }
      if last >= scroll + viewport { scroll = last - viewport + 1 }
    }
    scroll = min(max(scroll, 0), max(marked.count - viewport, 0))

    var screen = "\u{1B}[H"
    func line(_ row: Int, _ content: String, reversed: Bool = false) {
      guard row <= size.rows else { return }
      screen += "\u{1B}[\(row);1H\u{1B}[2K"
      screen += reversed ? "\u{1B}[7m" + content + "\u{1B}[27m" : content
    }
    line(1, "\u{1B}[1m" + TerminalText.fitted(browser.breadcrumbLine, width: width) + "\u{1B}[22m")
    for offset in 0..<viewport {
      let index = scroll + offset
      let content = index < marked.count ? marked[index] : ""
      line(2 + offset, content, reversed: highlighted.contains(index))
    }
    line(size.rows - 1, TerminalText.fitted(message ?? browser.urlLine ?? "", width: width))
    line(
      size.rows, TerminalText.fitted(help(total: marked.count, viewport: viewport), width: width))
    terminal.write(screen)
  }

  /// The key help, the way back and, when the table scrolls, which lines are shown.
  private func help(total: Int, viewport: Int) -> String {
    var parts: [String] = []
    if total > viewport {
      parts.append("[\(scroll + 1)-\(min(scroll + viewport, total))/\(total)]")
    }
    parts += ["↑↓ move", "Enter open", "q quit"]
    if let back = browser.stack.top.backTitle { parts.append("← back to \(back)") }
    return parts.joined(separator: "  ")
  }

  private func lines(of text: String) -> [String] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    return lines
  }
}
