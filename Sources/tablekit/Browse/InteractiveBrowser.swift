import TableKit
import TableKitArguments
import TableKitNavigation
import TableRender

/// The full-screen browser for a person at a terminal.
///
/// The top level is drawn with the text renderer, fitted to the window's width, under its
/// breadcrumbs; a highlight (reverse video and `>` before the row's number) stands on one
/// selectable row. Arrow keys move it, Enter opens the row, Backspace or ← goes back, q quits.
/// A table taller than the window scrolls to keep the highlight in view. The screen is redrawn
/// in place on the alternate screen and the terminal is restored on every way out.
///
/// A key costs what the window shows, not the level: the level's columns are measured once when
/// it becomes the top (``TextTableRenderer/measureColumns(of:)``), and each key draws only the
/// rows in the window (``BrowseWindowDataSource``) with those widths, so a level of a million
/// rows moves as fast as one of ten. The window scrolls by rows and always shows the table's
/// borders (and its header, when the columns have titles).
///
/// Everything drawn is inert: the table's text comes escaped from the renderer, and the
/// browser's own lines (breadcrumbs, back title, messages) go through ``TerminalText``. The only
/// escape sequences written are the browser's own.
final class InteractiveBrowser {
  private let browser: Browser
  private let terminal: RawTerminal
  private var level: BrowseLevelDataSource
  /// The top level's columns, measured over all its rows when it became the top.
  private var measured: TextTableRenderer.MeasuredColumns
  /// The highlighted row's number, from 1; 0 when the level has no selectable row.
  private var highlight: Int
  /// The first row shown, counted through all sections.
  private var scroll = 0
  /// The highlight and scroll of each level below the top, to come back to.
  private var history: [(highlight: Int, scroll: Int)] = []
  private var message: String?
  private var lastSize = (rows: 0, columns: 0)

  init(browser: Browser, terminal: RawTerminal) {
    self.browser = browser
    self.terminal = terminal
    let level = browser.currentLevel(marksHighlight: true)
    self.level = level
    self.measured = Self.measure(level)
    self.highlight = level.numbered.isEmpty ? 0 : 1
  }

  /// The columns of every row of `level`, as the renderer measures them.
  private static func measure(_ level: BrowseLevelDataSource) -> TextTableRenderer.MeasuredColumns {
    TextTableRenderer(style: .rounded).measureColumns(of: TableView(dataSource: level))
  }

  /// Runs until q, the end of the input or an interrupt, and returns the exit status.
  func run() -> ExitStatus {
    terminal.enter()
    defer { terminal.restore() }
    draw()
    while true {
      guard let bytes = terminal.read(waiting: 200) else { return .success }
      if bytes.isEmpty {
        let size = terminal.size()
        if size != lastSize { draw() }
        continue
      }
      for key in Key.decode(bytes) {
        switch key {
        case .character("q"), .character("Q"): return .success
        case .interrupt: return .interrupted
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
    measured = Self.measure(level)
    self.highlight = level.numbered.isEmpty ? 0 : min(max(highlight, 1), level.numbered.count)
    self.scroll = scroll
  }

  // MARK: Drawing

  private func draw() {
    let size = terminal.size()
    lastSize = size
    let width = max(size.columns - 1, 1)
    let renderer = TextTableRenderer(style: .rounded, maximumWidth: width)
    let viewport = max(size.rows - 3, 1)
    let total = level.numberOfRowsInAllSections
    let target = highlight > 0 ? level.index(of: level.numbered[highlight - 1]) : nil
    if let target, target < scroll { scroll = target }
    scroll = min(max(scroll, 0), max(total - 1, 0))
    var window = fittedWindow(renderer, viewport: viewport, total: total)
    // Below the window: start it so the highlighted row is its last (a few tries at most, as
    // section titles change how many rows fit).
    for _ in 0..<8 {
      guard let target, window.rows > 0, target >= scroll + window.rows else { break }
      scroll = target - window.rows + 1
      window = fittedWindow(renderer, viewport: viewport, total: total)
    }

    var screen = "\u{1B}[H"
    func line(_ row: Int, _ content: String, reversed: Bool = false) {
      guard row <= size.rows else { return }
      screen += "\u{1B}[\(row);1H\u{1B}[2K"
      screen += reversed ? "\u{1B}[7m" + content + "\u{1B}[27m" : content
    }
    line(1, "\u{1B}[1m" + TerminalText.fitted(browser.breadcrumbLine, width: width) + "\u{1B}[22m")
    for offset in 0..<viewport {
      let content = offset < window.lines.count ? window.lines[offset] : ""
      line(2 + offset, content, reversed: window.highlighted.contains(offset))
    }
    line(size.rows - 1, TerminalText.fitted(message ?? browser.urlLine ?? "", width: width))
    line(
      size.rows,
      TerminalText.fitted(help(total: total, shown: window.rows), width: width))
    terminal.write(screen)
  }

  /// The rows from ``scroll`` on that fit in `viewport` lines, drawn: their lines, which of
  /// them the highlight stands on, and how many rows they are.
  private func fittedWindow(
    _ renderer: TextTableRenderer, viewport: Int, total: Int
  ) -> (lines: [String], highlighted: Set<Int>, rows: Int) {
    var count = min(viewport, total - scroll)
    var window = drawWindow(renderer, rows: count)
    // Borders, a header and section titles take lines too: drop rows until it fits.
    for _ in 0..<16 where window.lines.count > viewport && count > 1 {
      count = max(1, count - (window.lines.count - viewport))
      window = drawWindow(renderer, rows: count)
    }
    return (window.lines, window.highlighted, count)
  }

  /// `count` rows from ``scroll`` on, drawn with the level's measured columns, and the lines
  /// the highlight marks (those that differ from the same rows drawn without it).
  private func drawWindow(
    _ renderer: TextTableRenderer, rows count: Int
  ) -> (lines: [String], highlighted: Set<Int>) {
    let table = TableView(
      dataSource: BrowseWindowDataSource(level, rows: scroll..<(scroll + max(count, 0))))
    level.highlighted = highlight
    let marked = lines(of: renderer.render(table, measured: measured))
    level.highlighted = nil
    let plain = lines(of: renderer.render(table, measured: measured))
    let highlighted = Set(marked.indices.filter { $0 >= plain.count || marked[$0] != plain[$0] })
    return (marked, highlighted)
  }

  /// The key help, the way back and, when the table scrolls, which rows are shown.
  private func help(total: Int, shown: Int) -> String {
    var parts: [String] = []
    if total > shown {
      parts.append("[\(scroll + 1)-\(scroll + shown)/\(total)]")
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
