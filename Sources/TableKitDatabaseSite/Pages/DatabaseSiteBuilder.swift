import TableKit
package import TableKitDatabase
package import TableKitNavigation
package import TableRender

/// Makes the pages of a database's site: each level's title, tables, links and twins, its file
/// from its route.
///
/// The exporter asks for pages in an order that streams (a list page with the rows it has just
/// read, then those rows' pages); `tablekit open` asks for any one level
/// (``page(for:)``). Both get the same page.
package final class DatabaseSiteBuilder {
  package let database: Database
  package let router: Router<DatabaseSiteLevel>
  private let naming = SitePageNaming(rootURL: DatabaseSiteLevel.rootURL)
  /// How many rows a list page holds.
  package let rowsPerPage: Int
  /// The most distinct values a column may have to get a facet.
  package let maximumFacetValues: Int
  /// The index's title.
  package let indexTitle: String
  /// The tables and views, by name.
  package private(set) var entries: [Database.TableEntry] = []
  private var schemas: [String: TableSchema] = [:]
  private var facetColumns: [String: [String]] = [:]
  private var rowCounts: [String: Int] = [:]
  /// Per table, every foreign key of another table (or itself) that references it.
  private var incoming: [String: [(table: String, key: ForeignKey)]] = [:]
  /// The files of levels named lately (``file(of:)``), at most ``recentFileLimit``.
  ///
  /// Keyed by the levels' exact keys: levels equal as Swift compares texts are not one page.
  private var recentFiles: [[UInt8]: String] = [:]
  /// How many levels' files ``file(of:)`` keeps: a few list pages' worth of rows and lists.
  private static let recentFileLimit = 4_096
  /// Prepared statements, reused row after row.
  private var statements: [String: DatabaseStatement] = [:]
  /// Per table, the statement that finds each foreign key's target (`nil`: it has none), so a
  /// row's targets cost one lookup by table rather than a statement's text a key.
  var targetStatements: [String: [DatabaseStatement?]] = [:]

  /// A builder over `database`.
  ///
  /// - Throws: `DatabaseError` when the schema cannot be read.
  package init(
    database: Database, rowsPerPage: Int, maximumFacetValues: Int = 30, indexTitle: String
  ) throws(DatabaseError) {
    self.database = database
    do {
      router = try DatabaseSiteLevel.router()
    } catch {
      preconditionFailure("the database site's routes are declared wrongly: \(error)")
    }
    self.rowsPerPage = max(1, rowsPerPage)
    self.maximumFacetValues = maximumFacetValues
    self.indexTitle = indexTitle
    entries = try database.tables()
    for entry in entries {
      let schema = try database.schema(of: entry.name)
      schemas[entry.name] = schema
      for key in schema.foreignKeys where entry.kind == .table {
        incoming[key.referencedTable, default: []].append((entry.name, key))
      }
    }
    for entry in entries where entry.kind == .table { try checkAddressable(entry.name) }
  }

  /// The most bytes the values of a key (or of the columns a foreign key references) may
  /// take together: each page's address holds them, and the router parses back at most 8,192
  /// characters of Base64URL (6,144 bytes) in a segment.
  package static let maximumAddressBytes = 4_096

  /// Refuses, with a typed error naming the table, a table whose rows could not all be given
  /// an address: a key, or the columns another table's foreign key references (the list of
  /// the rows that refer to a row is addressed by them), longer than ``maximumAddressBytes``.
  private func checkAddressable(_ name: String) throws(DatabaseError) {
    guard let schema = schemas[name], !schema.key.isEmpty else { return }
    let groups = [schema.key] + (incoming[name] ?? []).map(\.key.referencedColumns)
    let conditions = groups.map { columns in
      columns.map { "ifnull(length(CAST(\(SQLIdentifier.quoted($0)) AS BLOB)), 0)" }
        .joined(separator: " + ") + " > \(Self.maximumAddressBytes)"
    }
    let statement = try database.prepare(
      "SELECT 1 FROM \(SQLIdentifier.quoted(name)) WHERE "
        + conditions.joined(separator: " OR ") + " LIMIT 1", table: name)
    guard try statement.step() else { return }
    throw DatabaseError(
      path: database.path, table: name,
      reason: .sqlite(
        code: 18,
        message:
          "a row's key (or a value another table refers to) is longer than the "
          + "\(Self.maximumAddressBytes) bytes a page's address holds: string or blob too big"))
  }

  /// The schema of `table`, or an error naming the tables there are.
  package func schema(_ table: String) throws(DatabaseError) -> TableSchema {
    if let schema = schemas[table] { return schema }
    throw DatabaseError(
      path: database.path, table: nil,
      reason: .noSuchTable(table, available: entries.map(\.name)))
  }

  /// The number of rows of `table`, counted once.
  package func rowCount(_ table: String) throws(DatabaseError) -> Int {
    if let count = rowCounts[table] { return count }
    let count = try database.rowCount(of: table)
    rowCounts[table] = count
    return count
  }

  /// The columns of `table` that get a facet, found once.
  package func facets(_ table: String) throws(DatabaseError) -> [String] {
    if let columns = facetColumns[table] { return columns }
    let columns = try database.facetColumns(of: try schema(table), maximum: maximumFacetValues)
    facetColumns[table] = columns
    return columns
  }

  /// The foreign keys that reference `table`, ordered by (table, key number).
  package func incomingKeys(_ table: String) -> [(table: String, key: ForeignKey)] {
    incoming[table] ?? []
  }

  /// The statement of `sql`, prepared once and reset for each use.
  package func statement(_ sql: String, table: String) throws(DatabaseError)
    -> DatabaseStatement
  {
    if let statement = statements[sql] {
      statement.reset()
      return statement
    }
    let statement = try database.prepare(sql, table: table)
    statements[sql] = statement
    return statement
  }

  /// The URL the router prints for `level`.
  package func url(of level: DatabaseSiteLevel) -> String {
    guard let url = router.url(for: level) else {
      preconditionFailure("no route prints \(level)")
    }
    return url
  }

  /// The file of `level`'s page, from its URL.
  ///
  /// A page names the same levels several times (its own, its parents in the breadcrumbs, the
  /// rows a list page links to and whose pages come next), so the files of the last few
  /// thousand levels are kept rather than printed and named again.
  package func file(of level: DatabaseSiteLevel) -> String {
    let key = level.exactKey
    if let file = recentFiles[key] { return file }
    let file = naming.path(for: url(of: level)).file()
    if recentFiles.count >= Self.recentFileLimit { recentFiles.removeAll(keepingCapacity: true) }
    recentFiles[key] = file
    return file
  }

  /// The title of `level`'s page.
  package func title(of level: DatabaseSiteLevel) -> String {
    switch level {
    case .index: return indexTitle
    case .list(let table, _): return table
    case .row(let table, let key):
      return table + ": " + key.map(Self.shown).joined(separator: ", ")
    case .facet(let table, let column): return "\(table) by \(column)"
    case .filtered(let table, let columns, let values, _):
      let conditions = zip(columns, values).map { column, value in
        value == .null ? "\(column) is NULL" : "\(column) = \(Self.shown(value))"
      }
      return table + " where " + conditions.joined(separator: " and ")
    }
  }

  /// A value as titles and links show it: its text, `NULL` for null.
  package static func shown(_ value: DatabaseValue) -> String {
    value == .null ? "NULL" : value.displayText
  }

  /// A value as a page's table shows it: `NULL` as the word, apart from the empty text.
  ///
  /// The empty text is an empty cell, as in the command line's text formats. The `.csv` twin keeps `NULL` an
  /// empty field and writes the empty text `""`; the `.json` twin has `null` and `""`.
  static func shownCell(_ value: DatabaseValue) -> CellValue {
    value == .null ? .text("NULL") : value.cellValue
  }

  /// `text`, or `fallback` when it shows nothing (a link must have a name).
  package static func visible(_ text: String, or fallback: String) -> String {
    SitePage.isVisible(text) ? text : fallback
  }

  /// The breadcrumbs of `level`: its parents from the index, then itself; a later page of a
  /// list ends with the list (its first page), as the site exporter's pages do.
  package func breadcrumbs(of level: DatabaseSiteLevel) -> [SitePage.Crumb] {
    var chain = [level]
    while let parent = chain.last?.parent { chain.append(parent) }
    if level.pageNumber > 1 { chain.removeFirst() }
    return chain.reversed().map { SitePage.Crumb(title: title(of: $0), file: file(of: $0)) }
  }

  /// A new page for `level`, with its file, title and breadcrumbs, and the links to its twins.
  package func newPage(_ level: DatabaseSiteLevel, csvColumns: [String]) -> DatabaseSitePage {
    let file = file(of: level)
    var page = DatabaseSitePage(
      level: level, file: file, title: title(of: level), breadcrumbs: breadcrumbs(of: level),
      csv: DatabaseSiteTable(columns: csvColumns))
    page.linkGroups.append(
      SitePage.LinkGroup(
        label: "This page as data",
        links: [
          SitePage.Crumb(title: "CSV", file: DatabaseSitePage.twin(of: file, "csv")),
          SitePage.Crumb(title: "JSON", file: DatabaseSitePage.twin(of: file, "json")),
        ]))
    page.linkedFiles = page.breadcrumbs.map(\.file)
    return page
  }

  /// A link from `page` to the page of `level`, noted for the link check.
  package func link(_ text: String, to level: DatabaseSiteLevel, from page: inout DatabaseSitePage)
    -> HTMLValue
  {
    let target = file(of: level)
    page.linkedFiles.append(target)
    if case .filtered = level { page.linkedLevels.append(level) }
    return .link(text, href: SitePagePath.href(from: page.file, to: target))
  }

  /// The path of `level`'s `.json` twin, relative to the site's folder.
  package func jsonPath(of level: DatabaseSiteLevel) -> String {
    DatabaseSitePage.twin(of: file(of: level), "json")
  }
}
