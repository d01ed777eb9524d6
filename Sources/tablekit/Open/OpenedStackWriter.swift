import TableKit
import TableRender

/// One level of an opened stack, as `tablekit open` prints it.
struct OpenedLevel {
  let breadcrumbs: String
  let url: String
  let table: TableView
}

/// Writes an opened stack's levels, root first, in one of the formats.
///
/// - text: each level's table under its breadcrumbs (the table's title) and its URL.
/// - markdown: a heading per level (breadcrumbs), a line `URL: …`, then the table.
/// - csv: per level a record `breadcrumbs,url`, the table, and an empty line.
/// - html: one document, a `<section>` per level with the URL in `<code>` and the table with
///   the breadcrumbs as its caption (`--fragment`: the sections alone).
/// - latex: one document, a `longtable` per level captioned with its breadcrumbs and URL
///   (`--fragment`: the tables alone).
/// - typst: a heading per level (breadcrumbs and URL), then its table.
///
/// Every title and URL is untrusted and goes through the renderers' escaping.
struct OpenedStackWriter {
  let options: OpenOptions

  func write(_ levels: [OpenedLevel], to output: inout String) {
    switch options.output.format {
    case .text:
      for (index, level) in levels.enumerated() {
        if index > 0 { output += "\n" }
        // The URL is one line of a one-cell table, so the text renderer makes it inert.
        let renderer = TextTableRenderer(title: level.breadcrumbs, style: options.output.style)
        output += renderer.render(level.table)
        output += TextTableRenderer(style: .plain).render(
          TableView(dataSource: SectionedDataSource(items: [Cell("URL: " + level.url)])))
      }
    case .markdown:
      // A heading and the URL as a line of text: the URL is not a table, so it has no header.
      for (index, level) in levels.enumerated() {
        if index > 0 { output += "\n" }
        output += "# " + MarkdownEscaping.escape(level.breadcrumbs) + "\n\n"
        output += "URL: " + MarkdownEscaping.escape(level.url) + "\n\n"
        output += MarkdownTableRenderer().render(level.table)
      }
    case .csv:
      let renderer = CSVTableRenderer(formulaGuard: options.output.formulaGuard ? .on : .off)
      for (index, level) in levels.enumerated() {
        if index > 0 { output += "\r\n" }
        output += renderer.render(
          TableView(
            dataSource: SectionedDataSource(items: [Cell(level.breadcrumbs, detail: level.url)])))
        output += renderer.render(level.table)
      }
    case .html:
      var body = ""
      for level in levels {
        body += "<section>\n"
        body += HTMLTableRenderer(caption: "URL", mode: .fragment).render(
          TableView(dataSource: SectionedDataSource(items: [Cell(level.url)])))
        body += HTMLTableRenderer(caption: level.breadcrumbs, mode: .fragment).render(
          level.table)
        body += "</section>\n"
      }
      if options.output.htmlFragment {
        output += body
      } else {
        output += "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        output += "<title>Car catalogue</title>\n</head>\n<body>\n" + body + "</body>\n</html>\n"
      }
    case .latex:
      // One document, a captioned table per level: the caption names the level and its URL.
      let isWhole = !options.output.htmlFragment
      if isWhole { output += LaTeXTableRenderer.documentStart(engine: .pdfLaTeX) }
      for level in levels {
        output += LaTeXTableRenderer(
          caption: level.breadcrumbs + " (" + level.url + ")", mode: .fragment
        ).render(level.table)
      }
      if isWhole { output += LaTeXTableRenderer.documentEnd }
    case .typst:
      for (index, level) in levels.enumerated() {
        if index > 0 { output += "\n" }
        output += TypstTableRenderer(title: level.breadcrumbs + " (" + level.url + ")").render(
          level.table)
      }
    case .xlsx:
      // `tablekit open` does not accept `-f xlsx` (its option group leaves it out).
      return
    }
  }
}
