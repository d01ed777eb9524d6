import TableKit
import TableKitDatabase
import TableRender

extension DatabaseSiteFingerprints {
  /// The bytes the writers a page goes through make of one small fixed page: the site
  /// template with breadcrumbs, neighbours, a summary, links and a table of hostile text, a
  /// link, `NULL` and the empty text; its `.csv` twin; the JSON of every kind of value.
  ///
  /// Mixed into every fingerprint, so a change in code outside this module that would write
  /// the same inputs as other bytes (the template, HTML escaping, the CSV renderer, number
  /// text) makes every page again, even if nobody bumps ``formatVersion``. It catches what the
  /// probe exercises; ``formatVersion`` remains for the rest.
  package static let probe: [UInt8] = {
    let values: [DatabaseValue] = [
      .integer(-42), .real(0.1), .real(1e300), .text("<b>&\"'=1,\n"), .text(""), .null,
      .blob([0, 255]), .invalidText([0x61, 0xFF]),
    ]
    let columns = values.indices.map { "c\($0)" }
    var page = SitePage(
      title: "probe <&>", file: "t/rows/1.html",
      breadcrumbs: [
        .init(title: "Tables", file: "index.html"), .init(title: "t", file: "t/pages/1.html"),
      ],
      number: 2, count: 3, previousFile: "t/pages/1.html", nextFile: "t/pages/3.html",
      failure: nil)
    page.summary = "Rows 1–8 of 24"
    page.linkGroups = [.init(label: "Formats", links: [.init(title: "CSV", file: "t/rows/1.csv")])]
    let table = DatabaseSiteTable(columns: ["Row"] + columns)
    table.append(
      [.link("1", href: "t/rows/1.html")]
        + values.map { HTMLValue.value(DatabaseSiteBuilder.shownCell($0)) })
    let csv = DatabaseSiteTable(columns: columns)
    csv.append(values.map { .value($0.cellValue) })

    let collector = ByteCollector()
    var output = OutputBuffer(sink: collector)
    SitePageTemplate(language: "en", siteTitle: "Probe", baseURL: "https://example.com/")
      .write(
        page,
        sections: [
          .init(heading: "Row", caption: "probe: Row", table: TableView(dataSource: table))
        ],
        into: &output)
    CSVTableRenderer(emptyText: .quoted).render(TableView(dataSource: csv), into: &output)
    output.flush()
    var json = DatabaseJSON()
    json.row(columns: columns, values: values, rowPath: "t/rows/1.json")
    return collector.bytes + json.bytes
  }()

  /// A level of each kind, with hostile names and values of each type, whose files are mixed
  /// into every fingerprint: the router's printing and the file naming are not in ``probe``.
  static let probeLevels: [DatabaseSiteLevel] = {
    let values: [DatabaseValue] = [
      .integer(-42), .real(0.1), .text("a/../b <&> ü"), .text(""), .blob([0, 255]),
    ]
    return [
      .index, .list(table: "t/../x", page: 2), .row(table: "t", key: values),
      .facet(table: "t", column: "c ü"),
      .filtered(table: "t", columns: ["a", "b"], values: [.text("x/y"), .null], page: 3),
    ]
  }()
}
