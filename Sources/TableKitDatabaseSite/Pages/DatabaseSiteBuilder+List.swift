import TableKit
package import TableKitDatabase
import TableRender

extension DatabaseSiteBuilder {
  /// Rows read for one list page: their columns, values and, for a table, keys.
  package struct ListRows {
    package var columns: [String]
    package var rows: [[DatabaseValue]]
    /// Each row's key; `nil` for a view (which has no row pages).
    package var keys: [[DatabaseValue]]?

    /// Rows with every part given.
    package init(columns: [String], rows: [[DatabaseValue]], keys: [[DatabaseValue]]?) {
      self.columns = columns
      self.rows = rows
      self.keys = keys
    }
  }

  /// The number of pages a list of `total` rows takes (one for none).
  package func pageCount(_ total: Int) -> Int {
    max(1, (total + rowsPerPage - 1) / rowsPerPage)
  }

  /// The same list level at page `number`.
  private static func level(_ level: DatabaseSiteLevel, page number: Int) -> DatabaseSiteLevel {
    switch level {
    case .list(let table, _): .list(table: table, page: number)
    case .filtered(let table, let columns, let values, _):
      .filtered(table: table, columns: columns, values: values, page: number)
    case .index, .row, .facet: level
    }
  }

  /// A list page (`.list` or `.filtered`) showing `read`, one page of a list of `total` rows.
  ///
  /// A table's rows each link to their row page; the page links to its neighbours, to the
  /// table's facets, and to its twins.
  package func listPage(_ level: DatabaseSiteLevel, rows read: ListRows, total: Int)
    throws(DatabaseError) -> DatabaseSitePage
  {
    let name = level.table ?? ""
    let number = level.pageNumber
    let pages = pageCount(total)
    var page = newPage(level, csvColumns: read.columns)
    page.number = number
    page.count = pages
    let previous = number > 1 ? Self.level(level, page: number - 1) : nil
    let next = number < pages ? Self.level(level, page: number + 1) : nil
    page.previousFile = previous.map(file(of:))
    page.nextFile = next.map(file(of:))
    page.linkedFiles += [page.previousFile, page.nextFile].compactMap { $0 }
    let first = (number - 1) * rowsPerPage + 1
    let last = first + read.rows.count - 1
    page.summary =
      read.rows.isEmpty ? "No rows" : "Rows \(first)–\(last) of \(total)"
    let facetColumns = try facets(name)
    if !facetColumns.isEmpty {
      var group = SitePage.LinkGroup(label: "Facets", links: [])
      for column in facetColumns {
        let facet = DatabaseSiteLevel.facet(table: name, column: column)
        group.links.append(SitePage.Crumb(title: column, file: file(of: facet)))
        page.linkedFiles.append(file(of: facet))
      }
      page.linkGroups.append(group)
    }
    let table = DatabaseSiteTable(columns: (read.keys == nil ? [] : ["Row"]) + read.columns)
    var json = DatabaseJSON()
    json.raw("{")
    json.key("table")
    json.string(name)
    json.raw(",")
    if case .filtered(_, let columns, let values, _) = level {
      json.key("where")
      json.row(columns: columns, values: values)
      json.raw(",")
    }
    json.raw("\"page\":\(number),\"pages\":\(pages),")
    json.raw("\"first_row\":\(read.rows.isEmpty ? 0 : first),")
    json.raw("\"last_row\":\(read.rows.isEmpty ? 0 : last),")
    let rowKey = DatabaseJSON.rowKey(avoiding: read.columns)
    if read.keys != nil {
      json.key("row_key")
      json.string(rowKey)
      json.raw(",")
    }
    json.raw("\"rows\":[")
    var cells: [HTMLValue] = []
    for (index, values) in read.rows.enumerated() {
      cells.removeAll(keepingCapacity: true)
      var rowPath: String?
      if let key = read.keys?[index] {
        let row = DatabaseSiteLevel.row(table: name, key: key)
        let text = key.map(Self.shown).joined(separator: ", ")
        cells.append(link(Self.visible(text, or: "(row)"), to: row, from: &page))
        rowPath = jsonPath(of: row)
      }
      for value in values { cells.append(.value(Self.shownCell(value))) }
      table.append(cells)
      page.csv.append(values.map { .value($0.cellValue) })
      if index > 0 { json.raw(",") }
      json.raw("\n")
      json.row(columns: read.columns, values: values, rowPath: rowPath, rowKey: rowKey)
    }
    json.raw("],")
    json.key("previous")
    json.path(previous.map(jsonPath(of:)))
    json.raw(",")
    json.key("next")
    json.path(next.map(jsonPath(of:)))
    json.raw("}\n")
    page.sections = [(nil, table)]
    page.json = json.bytes
    return page
  }
}
