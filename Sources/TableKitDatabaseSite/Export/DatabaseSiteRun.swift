import TableKit
import TableKitDatabase
import TableRender

/// One export of a database's site in progress: it asks the builder for each page in turn,
/// writes the page and its twins, and notes every link and file for the checks at the end.
///
/// Lists are read a page at a time (keyset pagination for tables, one pass for views), and
/// each row's page is written as its list page's rows are read, so memory holds one list page,
/// never a table; only the file names are kept (compactly), for the link check and the sitemap.
struct DatabaseSiteRun {
  let builder: DatabaseSiteBuilder
  let exporter: DatabaseSiteExporter
  let write: (String, [UInt8]) throws(DatabaseSiteError) -> Void
  private var links = SiteLinkCheck()
  private var report = DatabaseSiteReport()
  private let template: SitePageTemplate
  private let collector = ByteCollector()

  init(
    builder: DatabaseSiteBuilder, exporter: DatabaseSiteExporter,
    write: @escaping (String, [UInt8]) throws(DatabaseSiteError) -> Void
  ) {
    self.builder = builder
    self.exporter = exporter
    self.write = write
    template = SitePageTemplate(
      language: exporter.language, siteTitle: exporter.siteTitle, baseURL: exporter.baseURL)
  }

  /// Writes every page, checks the links, writes the sitemap.
  mutating func run() throws(DatabaseSiteError) -> DatabaseSiteReport {
    let builder = builder
    try emit(try reading { () throws(DatabaseError) in try builder.indexPage() })
    for entry in builder.entries {
      report.tables += 1
      try writeList(.list(table: entry.name, page: 1))
      for column in try reading({ () throws(DatabaseError) in try builder.facets(entry.name) }) {
        let facet = try reading { () throws(DatabaseError) in
          try builder.facetPage(table: entry.name, column: column)
        }
        try emit(facet)
        for level in facet.linkedLevels { try writeList(level) }
      }
    }
    do throws(SiteExportError) {
      try links.check()
    } catch {
      throw .site(error)
    }
    try write("sitemap.xml", SiteSitemap(pages: links.files).document(baseURL: exporter.baseURL))
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
      guard !links.hasWritten(builder.file(of: first)) else { return }
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
      guard columns.isEmpty else { continue }
      let incoming = try reading { () throws(DatabaseError) in
        try builder.incomingLinks(to: name, columns: read.columns, rows: read.rows)
      }
      for (index, key) in read.keys.enumerated() {
        let page = try reading { () throws(DatabaseError) in
          try builder.rowPage(
            table: name, key: key, columns: read.columns, values: read.rows[index],
            incomingCounts: incoming.counts[index])
        }
        try emit(page)
        report.rowPages += 1
        for level in page.linkedLevels {
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
    try emit(
      try reading { () throws(DatabaseError) in
        try builder.listPage(level, rows: rows, total: total)
      })
  }

  /// Writes `page`, its `.csv` and `.json` twins, and notes its links.
  private mutating func emit(_ page: DatabaseSitePage) throws(DatabaseSiteError) {
    if links.hasWritten(page.file) {
      throw .site(
        .pathCollision(
          path: page.file, first: "another level", second: builder.url(of: page.level)))
    }
    collector.removeAll()
    var output = OutputBuffer(sink: collector)
    template.write(page.sitePage, sections: page.templateSections, into: &output)
    output.flush()
    try write(page.file, collector.bytes)
    collector.removeAll()
    output = OutputBuffer(sink: collector)
    CSVTableRenderer(emptyText: .quoted).render(TableView(dataSource: page.csv), into: &output)
    output.flush()
    try write(DatabaseSitePage.twin(of: page.file, "csv"), collector.bytes)
    try write(DatabaseSitePage.twin(of: page.file, "json"), page.json)
    for target in page.linkedFiles { links.expect(target, from: page.file) }
    links.written(page.file)
    report.pagesWritten += 1
    report.files += 3
    exporter.pageWritten?()
  }
}
