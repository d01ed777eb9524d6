import TableKit
import TableKitDatabase
import TableKitFiles
import TableRender

/// One export of a database's site in progress: it asks the builder for each page in turn,
/// writes the page and its twins, and notes every link and file for the checks at the end.
///
/// Lists are read a page at a time (keyset pagination for tables, one pass for views), and
/// each row's page is written as its list page's rows are read, so memory holds one list page,
/// never a table; only the file names are kept (compactly), for the link check and the sitemap.
///
/// Each page's fingerprint (``DatabaseSiteFingerprints``) is made from what was read for it
/// before it is built; a page whose fingerprint is the one `files` stored for it last time is
/// kept, not built. Its links need no check: they follow from the same inputs, which say that
/// each page it links to exists (a referenced row was found, a count is not zero), and that
/// page is written or kept in this run.
struct DatabaseSiteRun<Files: DatabaseSiteFiles> {
  let builder: DatabaseSiteBuilder
  let exporter: DatabaseSiteExporter
  let files: Files
  private let fingerprints: DatabaseSiteFingerprints
  private var links = SiteLinkCheck()
  /// The filtered lists written or kept, by a hash of their first page's
  /// ``DatabaseSiteLevel/exactKey``: a facet's value and a foreign key's can name the same
  /// list, and naming each list to look it up among the files was a tenth of a re-export.
  private var listsWritten = Set<InputFingerprint>()
  private var report = DatabaseSiteReport()
  private let template: SitePageTemplate
  private let collector = ByteCollector()

  init(
    builder: DatabaseSiteBuilder, exporter: DatabaseSiteExporter, files: Files
  ) throws(DatabaseError) {
    self.builder = builder
    self.exporter = exporter
    self.files = files
    fingerprints = try DatabaseSiteFingerprints(builder: builder, exporter: exporter)
    template = SitePageTemplate(
      language: exporter.language, siteTitle: exporter.siteTitle, baseURL: exporter.baseURL)
  }

  /// Writes every page, checks the links, writes the sitemap.
  mutating func run() throws(DatabaseSiteError) -> DatabaseSiteReport {
    let builder = builder
    let index = try reading { () throws(DatabaseError) in
      var counts: [Int] = []
      var facets: [[String]] = []
      for entry in builder.entries {
        counts.append(try builder.rowCount(entry.name))
        facets.append(try builder.facets(entry.name))
      }
      return fingerprints.index(counts: counts, facets: facets)
    }
    if !(try keep(.index, index)) {
      try emit(try reading { () throws(DatabaseError) in try builder.indexPage() }, index)
    }
    for entry in builder.entries {
      report.tables += 1
      try writeList(.list(table: entry.name, page: 1))
      for column in try reading({ () throws(DatabaseError) in try builder.facets(entry.name) }) {
        let values = try reading { () throws(DatabaseError) in
          try builder.database.facetValues(of: entry.name, column: column)
        }
        let fingerprint = fingerprints.facet(table: entry.name, column: column, values: values)
        if !(try keep(.facet(table: entry.name, column: column), fingerprint)) {
          try emit(
            builder.facetPage(table: entry.name, column: column, values: values), fingerprint)
        }
        for (value, _) in values {
          try writeList(
            DatabaseSiteBuilder.facetList(table: entry.name, column: column, value: value))
        }
      }
    }
    do throws(SiteExportError) {
      try links.check()
    } catch {
      throw .site(error)
    }
    let sitemap = SiteSitemap(pages: links.files).document(baseURL: exporter.baseURL)
    let fingerprint = fingerprints.sitemap(sitemap)
    if files.previousFingerprint(of: "sitemap.xml") == fingerprint {
      try files.keep("sitemap.xml", fingerprint: fingerprint)
    } else {
      try files.write("sitemap.xml", sitemap, fingerprint: fingerprint)
    }
    report.files += 1
    return report
  }

  /// Runs `body`, its database error made a site error.
  private func reading<Value>(_ body: () throws(DatabaseError) -> Value)
    throws(DatabaseSiteError) -> Value
  {
    do {
      return try body()
    } catch {
      throw .database(error)
    }
  }

  /// Writes every page of the list whose first page is `first`.
  ///
  /// For a whole table, also the page of every row and the lists its incoming links lead to. A
  /// filtered list already written
  /// (a facet's value and a foreign key's can name the same list) is not written again.
  ///
  /// - Parameters:
  ///   - first: The list's first page.
  ///   - known: The list's number of rows and, when it fits on one page, its rows, when a
  ///     batch read them already (``DatabaseSiteBuilder/incomingLinks(to:columns:rows:)``).
  /// - Throws: ``DatabaseSiteError``, from reading or writing.
  private mutating func writeList(
    _ first: DatabaseSiteLevel, known: (total: Int, rows: DatabaseSiteBuilder.ListRows?)? = nil
  ) throws(DatabaseSiteError) {
    guard let name = first.table else { return }
    var columns: [String] = []
    var values: [DatabaseValue] = []
    if case .filtered(_, let matched, let equal, _) = first {
      var hasher = InputHasher()
      hasher.combine(bytes: first.exactKey)
      guard listsWritten.insert(hasher.finalize()).inserted else { return }
      columns = matched
      values = equal
    }
    let builder = builder
    let database = builder.database
    let schema = try reading { () throws(DatabaseError) in try builder.schema(name) }
    var total = known?.total ?? 0
    if known == nil {
      total = try reading { () throws(DatabaseError) in
        columns.isEmpty
          ? try builder.rowCount(name)
          : try database.count(in: name, whereIs: columns, equal: values)
      }
    }
    if let rows = known?.rows, builder.pageCount(total) == 1 {
      try emitList(first, page: 1, total: total, rows: rows)
      return
    }
    let pages = builder.pageCount(total)
    let perPage = builder.rowsPerPage
    guard schema.kind == .table, !schema.key.isEmpty else {
      try writeStreamedList(first, columns: columns, values: values, total: total)
      return
    }
    var after: [DatabaseValue]?
    let rowStream =
      columns.isEmpty
      ? try reading { () throws(DatabaseError) in try builder.incomingRowStream(of: name) }
      : nil
    let stream =
      columns.isEmpty
      ? try reading { () throws(DatabaseError) in
        try builder.incomingCountStream(of: name, skipping: rowStream?.isStreamed ?? [])
      }
      : nil
    for number in 1...pages {
      let read = try reading { () throws(DatabaseError) in
        columns.isEmpty
          ? try database.page(of: schema, after: after, limit: perPage)
          : try database.page(
            of: schema, where: columns, equal: values, after: after, limit: perPage)
      }
      after = read.keys.last
      try emitList(
        first, page: number, total: total,
        rows: .init(columns: read.columns, rows: read.rows, keys: read.keys))
      guard let stream else { continue }
      let incoming = try reading { () throws(DatabaseError) in
        try builder.incomingLinks(
          to: name, columns: read.columns, rows: read.rows,
          streamed: stream.counts(for: read.keys),
          shortLists: rowStream.map { ($0, read.keys) })
      }
      for (index, key) in read.keys.enumerated() {
        let values = read.rows[index]
        let counts = incoming.counts[index]
        let targets = try reading { () throws(DatabaseError) in
          try builder.targets(table: name, columns: read.columns, values: values)
        }
        let fingerprint = fingerprints.row(
          table: name, key: key, columns: read.columns, values: values, targets: targets,
          incomingCounts: counts)
        var linked: [DatabaseSiteLevel]
        if try keep(.row(table: name, key: key), fingerprint) {
          linked = builder.incomingLists(
            table: name, columns: read.columns, values: values, counts: counts)
        } else {
          let page = try reading { () throws(DatabaseError) in
            try builder.rowPage(
              table: name, key: key, columns: read.columns, values: values, targets: targets,
              incomingCounts: counts)
          }
          try emit(page, fingerprint)
          linked = page.linkedLevels
        }
        report.rowPages += 1
        for level in linked {
          try writeList(level, known: incoming.lists[level.exactKey])
        }
      }
    }
  }

  /// Writes the pages of a list with no key to page by (a view): one pass over its rows, a
  /// page written each time enough are read.
  private mutating func writeStreamedList(
    _ first: DatabaseSiteLevel, columns: [String], values: [DatabaseValue], total: Int
  ) throws(DatabaseSiteError) {
    let name = first.table ?? ""
    var sql = "SELECT * FROM \(SQLIdentifier.quoted(name))"
    if !columns.isEmpty { sql += " WHERE " + Database.isClause(columns) }
    let database = builder.database
    let statement = try reading { () throws(DatabaseError) in
      let statement = try database.prepare(sql, table: name)
      try statement.bind(values)
      return statement
    }
    let names = statement.columnNames
    let pages = builder.pageCount(total)
    var rows: [[DatabaseValue]] = []
    var number = 1
    while try reading({ () throws(DatabaseError) in try statement.step() }) {
      rows.append(statement.values)
      if rows.count == builder.rowsPerPage, number < pages {
        try emitList(
          first, page: number, total: total, rows: .init(columns: names, rows: rows, keys: nil))
        rows.removeAll(keepingCapacity: true)
        number += 1
      }
    }
    try emitList(
      first, page: number, total: total, rows: .init(columns: names, rows: rows, keys: nil))
  }

  /// Writes page `number` of the list `first`.
  private mutating func emitList(
    _ first: DatabaseSiteLevel, page number: Int, total: Int, rows: DatabaseSiteBuilder.ListRows
  ) throws(DatabaseSiteError) {
    let level: DatabaseSiteLevel
    switch first {
    case .filtered(let table, let columns, let values, _):
      level = .filtered(table: table, columns: columns, values: values, page: number)
    default:
      level = .list(table: first.table ?? "", page: number)
    }
    let builder = builder
    let facets = try reading { () throws(DatabaseError) in try builder.facets(first.table ?? "") }
    let fingerprint = fingerprints.list(level, total: total, rows: rows, facets: facets)
    guard !(try keep(level, fingerprint)) else { return }
    try emit(
      try reading { () throws(DatabaseError) in
        try builder.listPage(level, rows: rows, total: total)
      }, fingerprint)
  }

  /// Keeps the files of `level`'s page when a previous export stored them with `fingerprint`.
  ///
  /// They are found by the fingerprint, which covers the level: the page's name is not printed
  /// (naming every kept page was a fifth of a re-export). They must be exactly one `.html`
  /// file and its two twins; anything else is not kept, and the page is made again.
  ///
  /// - Returns: Whether the page was kept; when not, build it and ``emit(_:_:)`` it.
  private mutating func keep(_ level: DatabaseSiteLevel, _ fingerprint: InputFingerprint)
    throws(DatabaseSiteError) -> Bool
  {
    var page: String?
    let kept = files.keepFiles(madeFrom: fingerprint) { previous in
      guard previous.count == 3, let file = previous.first(where: { $0.hasSuffix(".html") }),
        previous.contains(DatabaseSitePage.twin(of: file, "csv")),
        previous.contains(DatabaseSitePage.twin(of: file, "json"))
      else { return false }
      page = file
      return true
    }
    guard kept != nil, let file = page else { return false }
    try noteWritten(file, level: level)
    report.pagesKept += 1
    exporter.pageWritten?()
    return true
  }

  /// Writes `page`, its `.csv` and `.json` twins, and notes its links.
  private mutating func emit(_ page: DatabaseSitePage, _ fingerprint: InputFingerprint)
    throws(DatabaseSiteError)
  {
    try noteWritten(page.file, level: page.level)
    collector.removeAll()
    var output = OutputBuffer(sink: collector)
    template.write(page.sitePage, sections: page.templateSections, into: &output)
    output.flush()
    try files.write(page.file, collector.copiedBytes(), fingerprint: fingerprint)
    collector.removeAll()
    output = OutputBuffer(sink: collector)
    CSVTableRenderer(emptyText: .quoted).render(TableView(dataSource: page.csv), into: &output)
    output.flush()
    try files.write(
      DatabaseSitePage.twin(of: page.file, "csv"), collector.copiedBytes(), fingerprint: fingerprint
    )
    try files.write(
      DatabaseSitePage.twin(of: page.file, "json"), page.json, fingerprint: fingerprint)
    for target in page.linkedFiles { links.expect(target, from: page.file) }
    exporter.pageWritten?()
  }

  /// Notes `file`, the page of `level`, as written: in the sitemap, and a target links may
  /// have; a file a page has already been given is a collision.
  private mutating func noteWritten(_ file: String, level: DatabaseSiteLevel)
    throws(DatabaseSiteError)
  {
    if links.hasWritten(file) {
      throw .site(
        .pathCollision(path: file, first: "another level", second: builder.url(of: level)))
    }
    links.written(file)
    report.pagesWritten += 1
    report.files += 3
  }
}
