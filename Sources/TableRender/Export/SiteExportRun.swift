import TableKit
import TableKitNavigation

/// One export in progress: the levels on the current path, waiting for their children's pages
/// to be named, and what has been written and checked so far.
///
/// A level's page links to its children, whose files are known only when the walk reaches
/// them, so a level is written when the walk leaves it: when it visits a level no deeper, or at
/// the end. Only the path from the root is held, never the pages already written.
struct SiteExportRun {
  /// A level on the current path.
  private struct Pending {
    let controller: TableController
    let depth: Int
    let path: SitePagePath
    /// The canonical URL and the breadcrumbs, for messages.
    let label: String
    /// The titles and first-page files of the levels from the root to this one.
    let breadcrumbs: [SitePage.Crumb]
    /// The first-page file of each row whose level was visited.
    var childFiles: [TablePosition: String] = [:]
    /// Whether another level with the same URL was written already (reached by another path).
    let isRepeat: Bool
  }

  let exporter: SiteExporter
  private var naming = SitePageNaming(rootURL: "/")
  private var pending: [Pending] = []
  /// The URL and label of the level each first-page file was given to.
  private var owners: [String: (url: String, label: String)] = [:]
  private var links = SiteLinkCheck()
  private var report = SiteExportReport()
  private var failedLevels: [String] = []
  private var failure: SiteExportError?
  private var template: SitePageTemplate
  private let collector = ByteCollector()

  init(exporter: SiteExporter) {
    self.exporter = exporter
    template = SitePageTemplate(
      language: exporter.language, siteTitle: exporter.siteTitle, baseURL: exporter.baseURL)
  }

  /// Takes the level the walk has reached: writes the levels it has left, then names this one.
  mutating func visit(
    _ visit: NavigationVisit, write: (String, [UInt8]) throws(SiteExportError) -> Void
  ) {
    guard failure == nil else { return }
    do throws(SiteExportError) {
      while pending.count > visit.level {
        try flush(pending.removeLast(), write: write)
      }
      let url = exporter.canonicalURL(visit)
      if visit.level == 0 {
        naming = SitePageNaming(rootURL: url)
        naming.hashDigits = exporter.hashDigits
      }
      let path = naming.path(for: url)
      let file = path.file()
      let title = visit.controller.title ?? ""
      let label =
        "\(url) (\(visit.breadcrumbs.map(SitePage.displayTitle).joined(separator: " › ")))"
      var isRepeat = false
      if let owner = owners[file] {
        guard ExactText.same(owner.url, url) else {
          throw .pathCollision(path: file, first: owner.label, second: label)
        }
        isRepeat = true
      } else {
        owners[file] = (url, label)
      }
      if let row = visit.rowPath.last, !pending.isEmpty {
        pending[pending.count - 1].childFiles[row] = file
      }
      let crumbs = (pending.last?.breadcrumbs ?? []) + [SitePage.Crumb(title: title, file: file)]
      pending.append(
        Pending(
          controller: visit.controller, depth: visit.level, path: path, label: label,
          breadcrumbs: crumbs, isRepeat: isRepeat || pending.last?.isRepeat == true))
    } catch {
      failure = error
    }
  }

  /// Writes the levels still waiting, checks the links, writes the sitemap and says how it went.
  mutating func finish(
    walk: NavigationWalkReport, write: (String, [UInt8]) throws(SiteExportError) -> Void
  ) throws(SiteExportError) -> SiteExportReport {
    if let failure { throw failure }
    while let level = pending.popLast() {
      try flush(level, write: write)
    }
    if walk.reachedMaximumLevels { throw .pageLimitReached(limit: exporter.maximumPages) }
    try links.check()
    try write("sitemap.xml", SiteSitemap(pages: links.files).document(baseURL: exporter.baseURL))
    if !failedLevels.isEmpty {
      guard exporter.keepsGoing else { throw .levelsFailedToLoad(failedLevels) }
      report.failedLevels = failedLevels
    }
    return report
  }

  /// Writes the pages of `level`, whose children have all been visited.
  private mutating func flush(
    _ level: Pending, write: (String, [UInt8]) throws(SiteExportError) -> Void
  ) throws(SiteExportError) {
    guard !level.isRepeat else { return }
    let table = level.controller.table
    let rowCounts = table.shape.rowCounts
    let total = rowCounts.reduce(0, +)
    var targets = level.childFiles
    var failureMessage: String?
    var cell = Cell("")
    for (section, rows) in rowCounts.enumerated() {
      for row in 0..<rows {
        let position = TablePosition(section: section, row: row)
        table.dataSource.configureCell(&cell, at: position)
        if cell.kind == .failure, failureMessage == nil { failureMessage = cell.text }
        if cell.kind == .loadMore { report.levelsWithMoreToLoad.append(level.label) }
        guard targets[position] == nil, let object = try? table.representedObject(at: position),
          let destination = level.controller.destination(forRowAt: position, representing: object)
        else { continue }
        if let ancestor = ancestorFile(of: destination, from: level) {
          targets[position] = ancestor
          report.cyclesLinked += 1
        } else if level.depth >= exporter.maximumDepth {
          throw .depthLimitReached(limit: exporter.maximumDepth, level: level.label)
        }
      }
    }
    if let failureMessage { failedLevels.append("\(level.label): \(failureMessage)") }
    let perPage = exporter.rowsPerPage
    let pageCount = max(1, (total + perPage - 1) / perPage)
    guard report.pagesWritten + pageCount <= exporter.maximumPages else {
      throw .pageLimitReached(limit: exporter.maximumPages)
    }
    let implicit = exporter.implicitColumnTitles.map { ColumnDefinition($0) }
    for number in 1...pageCount {
      let file = level.path.file(page: number)
      let rows = (number - 1) * perPage..<min(number * perPage, total)
      var hrefs: [TablePosition: String] = [:]
      var offset = 0
      for (section, count) in rowCounts.enumerated() {
        defer { offset += count }
        guard offset < rows.upperBound, offset + count > rows.lowerBound else { continue }
        for row in max(0, rows.lowerBound - offset)..<min(count, rows.upperBound - offset) {
          let position = TablePosition(section: section, row: row)
          guard let target = targets[position] else { continue }
          hrefs[position] = SitePagePath.href(from: file, to: target)
          links.expect(target, from: file)
        }
      }
      let page = SitePage(
        title: level.controller.title ?? "",
        file: file,
        breadcrumbs: level.breadcrumbs,
        number: number,
        count: pageCount,
        previousFile: number > 1 ? level.path.file(page: number - 1) : nil,
        nextFile: number < pageCount ? level.path.file(page: number + 1) : nil,
        failure: failureMessage)
      for crumb in page.breadcrumbs { links.expect(crumb.file, from: file) }
      if let previous = page.previousFile { links.expect(previous, from: file) }
      if let next = page.nextFile { links.expect(next, from: file) }
      let pageTable = TableView(
        dataSource: SitePageDataSource(
          table: table, rows: rows, isLastPage: number == pageCount, links: hrefs,
          implicitColumns: implicit, notLoadedText: exporter.notLoadedText))
      collector.removeAll()
      var output = OutputBuffer(sink: collector)
      template.write(page, table: pageTable, into: &output)
      output.flush()
      try write(file, collector.bytes)
      links.written(file)
      report.pagesWritten += 1
      exporter.pageWritten?()
    }
    report.levelsWritten += 1
  }

  /// The first-page file of the level on `level`'s path (itself included) made from a
  /// destination equal to `destination`, or `nil`.
  private func ancestorFile(
    of destination: any NavigationDestination, from level: Pending
  ) -> String? {
    let path = pending + [level]
    for (index, ancestor) in path.enumerated().reversed() {
      guard let made = ancestor.controller.navigationDestination else { continue }
      if Self.equal(made, destination) { return path[index].breadcrumbs.last?.file }
    }
    return nil
  }

  /// Whether two destinations of any types are equal.
  private static func equal(
    _ lhs: any NavigationDestination, _ rhs: any NavigationDestination
  ) -> Bool {
    func compare<D: NavigationDestination>(_ lhs: D) -> Bool { (rhs as? D) == lhs }
    return compare(lhs)
  }
}
