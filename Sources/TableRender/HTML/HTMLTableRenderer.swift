public import TableKit

/// Renders a table as semantic HTML: a bare `<table>` fragment, or a standalone document.
///
/// The data source's columns become `<th scope="col">` cells in a `<thead>`. Each section becomes
/// one `<tbody>`: its header title is a `<tr class="section-header">` row holding one
/// `<th scope="rowgroup">` that spans every column, and its footer title a
/// `<tr class="section-footer">` row at its end. Every row's `class` is its cell kind made into a
/// class name, plus `disclosure-indicator`, `checkmark` or `detail-button` for its accessory, so
/// a style sheet can draw the marks. Numbers are `<td class="number">`; a column with an explicit
/// alignment adds `left`, `right` or `center` to its cells.
///
/// A status row (a cell whose kind `CellKind.isStatus`: loading, empty, failure, load
/// more) is one `<td colspan="…">` spanning every column, with its text and, after it, its
/// detail in a `<span class="status-detail">`; its class is its kind, like any row, so
/// ``styleSheet`` draws it centered and muted (failure in red, load more as a link):
///
/// ```text
/// <tr class="status-failure"><td colspan="2">The feed is offline. <span class="status-detail">Select to retry</span></td></tr>
/// ```
///
/// Every text, in cells, titles, the caption and attribute values, is escaped: `& < > " '` become
/// character references, CR LF and a lone CR become LF, and the characters HTML forbids (NUL,
/// other C0 controls but TAB and LF, DEL, C1 controls and noncharacters) become U+FFFD.
/// Bidirectional overrides and isolates are kept: they are text, cannot become markup, and a
/// table cell ends their effect.
///
/// A type's ``HTMLRepresentable`` values may hold links. A link becomes `<a href="…">` only when
/// its URL is allowed: a relative URL, or one whose scheme is in ``allowedLinkSchemes``. The scheme
/// is read the way a browser reads it, after stripping leading and trailing C0 controls and
/// spaces and removing every tab, LF and CR, and case-insensitively, so
/// `" JaVaScRiPt:alert(1)"` and `"java\tscript:alert(1)"` are refused. A refused link shows its
/// text, escaped, with no anchor.
///
/// The `href` written is the URL as the browser would read it, made a valid URL: what a URL may
/// not hold (spaces, quotes, `<`, `>`, controls, a stray `%`, a second `#`, …) and every
/// non-ASCII character outside the host are percent-encoded, as a browser encodes them when it
/// follows the link, so `a b` links to `a%20b` and `=HYPERLINK("x")` to
/// `=HYPERLINK(%22x%22)`; a backslash becomes `/` where a browser reads it as one. A URL
/// whose host cannot be valid (`https://exa mple.com`) is shown as text, like a refused link.
/// Encoding never changes which links are allowed: the policy judges the URL first.
///
/// ```swift
/// let fragment = HTMLTableRenderer(caption: "Ada Lovelace").render(table)
/// try HTMLTableRenderer(caption: "Ada Lovelace", mode: .document(title: "Contacts"))
///   .write(table, toFile: "contacts.html")
/// ```
///
/// The fragment:
///
/// ```text
/// <table>
/// <caption>Ada Lovelace</caption>
/// <tbody>
/// <tr class="section-header"><th scope="rowgroup" colspan="2">Phone</th></tr>
/// <tr class="phone-number"><td>+44 20 7946 0018</td><td>work</td></tr>
/// <tr class="phone-number disclosure-indicator"><td>+44 7700 900123</td><td>mobile</td></tr>
/// </tbody>
/// </table>
/// ```
///
/// The renderer streams: it writes each row as the table walk reaches it into a buffer of about
/// 64 KiB that it hands on whenever it is full, and never holds more than one row, so its memory
/// stays flat however many rows the table has.
public struct HTMLTableRenderer: TableRenderer {
  /// What the renderer writes around the table.
  public enum Mode: Hashable, Sendable {
    /// A bare `<table>` element, to embed in a page of your own; style it with
    /// ``HTMLTableRenderer/styleSheet`` or your own CSS.
    case fragment
    /// A standalone HTML document: doctype, `<html lang>`, UTF-8 charset, viewport, `<title>`
    /// and the embedded ``HTMLTableRenderer/styleSheet``, with the table as its body.
    ///
    /// `title` is escaped; one with no visible character is written as `TableView`, since a document
    /// must have a non-empty title. `language` should be a BCP 47 tag such as `en` or `de-CH`;
    /// it is escaped but not checked.
    case document(title: String, language: String = "en")
  }

  /// The link schemes allowed by default: `http`, `https` and `mailto`.
  public static let defaultLinkSchemes: Set<String> = ["http", "https", "mailto"]

  /// The table's `<caption>`, or `nil` for none.
  public var caption: String?
  /// Whether to write a fragment or a whole document.
  public var mode: Mode
  /// The URL schemes a link may use, compared case-insensitively, without the `:`.
  public var allowedLinkSchemes: Set<String>
  /// Whether a link may use a relative URL (one with no scheme, such as `/invoices/1042`).
  ///
  /// A URL starting with two slashes or backslashes (`//host/path`) has no scheme but leads to
  /// another host with the page's scheme, so it is not relative: it is linked only when `http` or
  /// `https` is in ``allowedLinkSchemes``.
  public var allowsRelativeLinks: Bool

  /// Creates an HTML renderer.
  ///
  /// - Parameters:
  ///   - caption: The table's caption, or `nil` for none.
  ///   - mode: A bare `<table>` fragment (the default) or a standalone document.
  ///   - allowedLinkSchemes: The schemes a link may use; add `tel` for phone links.
  ///   - allowsRelativeLinks: Whether a link may use a URL with no scheme.
  public init(
    caption: String? = nil,
    mode: Mode = .fragment,
    allowedLinkSchemes: Set<String> = defaultLinkSchemes,
    allowsRelativeLinks: Bool = true
  ) {
    self.caption = caption
    self.mode = mode
    self.allowedLinkSchemes = allowedLinkSchemes
    self.allowsRelativeLinks = allowsRelativeLinks
  }

  /// Writes `table` as HTML to `output`, row by row.
  ///
  /// - Parameters:
  ///   - table: The table to render.
  ///   - output: Where the HTML goes.
  public func render(_ table: TableView, into output: inout OutputBuffer) {
    switch mode {
    case .fragment:
      writeTable(table, into: &output)
    case .document(let title, let language):
      Self.writeHead(title: title, language: language, into: &output)
      writeTable(table, into: &output)
      output.write("</body>\n</html>\n")
    }
  }

  /// Whether `href` may become a link under this renderer's policy.
  ///
  /// It may when the policy allows its scheme (or it is relative and relative links are
  /// allowed) and it has a valid form: a URL whose host cannot be valid is shown as text.
  ///
  /// - Parameter href: A URL as a type's ``HTMLRepresentable`` values give it.
  /// - Returns: `true` when ``render(_:into:)`` writes it as an `<a href>`.
  public func allowsLink(to href: String) -> Bool {
    LinkPolicy(self).allowedURL(href) != nil
  }

  /// The style sheet a document embeds, for pages that embed fragments.
  ///
  /// It draws a readable table: padding and rules between rows, right-aligned tabular numbers,
  /// banded section headers, muted footers, and the accessory marks after the last cell of rows
  /// with the matching class: `›` for `disclosure-indicator`, `✓` for `checkmark`, and for
  /// `detail-button` an ⓘ drawn as an italic `i` in a CSS circle, since many systems have no
  /// font with the U+24D8 glyph. Status rows are centered and muted, a failure red and a
  /// load-more row in the link color. It loads nothing from outside.
  public static let styleSheet = #"""
    body { margin: 2rem; color: #1c1c1e; background: #fff;
      font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; }
    table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
    caption { caption-side: top; padding: 0 0 .75rem; text-align: left;
      font-size: 1.25em; font-weight: 600; }
    th, td { padding: .45rem .8rem; text-align: left; vertical-align: top;
      white-space: pre-wrap; overflow-wrap: break-word; }
    thead th { border-bottom: 2px solid #3a3a3c; font-weight: 600; white-space: nowrap; }
    tbody td { border-bottom: 1px solid #e5e5ea; }
    tbody td:last-child, thead th:last-child { position: relative; padding-right: 2.5rem; }
    tr.section-header th { padding-top: 1.1rem; background: #f2f2f7;
      border-bottom: 1px solid #c7c7cc; color: #3a3a3c; font-weight: 600; }
    tr.section-footer td { padding-bottom: 1.1rem; border-bottom: 0; color: #6e6e73;
      font-size: .875em; }
    td.number { text-align: right; }
    td.left, th.left { text-align: left; }
    td.right, th.right { text-align: right; }
    td.center, th.center { text-align: center; }
    tr.disclosure-indicator > td:last-child::after, tr.checkmark > td:last-child::after,
    tr.detail-button > td:last-child::after { position: absolute; top: .45rem; right: .8rem; }
    tr.disclosure-indicator > td:last-child::after { content: "\203A"; top: .3rem;
      color: #8e8e93; font-size: 1.3em; font-weight: 600; }
    tr.checkmark > td:last-child::after { content: "\2713"; color: #007aff; font-weight: 700; }
    tr.detail-button > td:last-child::after { content: "i"; top: .6rem;
      width: 1rem; height: 1rem; border: 1.5px solid #007aff; border-radius: 50%;
      color: #007aff; text-align: center; font: italic 700 .72rem/1rem Georgia, serif; }
    tr[class^="status-"] > td { padding-right: .8rem; text-align: center; color: #6e6e73;
      font-style: italic; }
    tr.status-failure > td { color: #c4281c; font-style: normal; }
    tr.status-load-more > td { color: #007aff; font-style: normal; font-weight: 600; }
    .status-detail { margin-left: .4em; color: #6e6e73; font-size: .875em; font-weight: 400; }

    """#

  // MARK: - Writing

  /// Writes everything before the table: doctype, `<head>` and the opening `<body>`.
  package static func writeHead(
    title: String,
    language: String,
    into output: inout OutputBuffer
  ) {
    output.write("<!DOCTYPE html>\n<html lang=\"")
    output.writeEscapedHTML(language)
    output.write(
      """
      ">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>
      """)
    let isBlank = title.utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    if isBlank {
      output.write("Table")
    } else {
      output.writeEscapedHTML(title)
    }
    output.write("</title>\n<style>\n")
    var styleSheet = styleSheet
    styleSheet.withUTF8 { output.write(utf8: $0) }
    output.write("</style>\n</head>\n<body>\n")
  }

  /// Writes the `<table>` element, streaming the rows.
  private func writeTable(_ table: TableView, into output: inout OutputBuffer) {
    var layout = TableLayout(for: table)
    let alignments = layout.columns.map(\.alignment)
    let span = layout.columns.count
    let links = LinkPolicy(self)
    var rowStarts = RowStartCache()
    output.write("<table>\n")
    if let caption {
      output.write("<caption>")
      output.writeEscapedHTML(caption)
      output.write("</caption>\n")
    }
    if layout.hasHeaderRow {
      output.write("<thead>\n<tr>")
      for column in layout.columns {
        output.write(Self.headerCellStart(column.alignment))
        output.writeEscapedHTML(column.title)
        output.write("</th>")
      }
      output.write("</tr>\n</thead>\n")
    }
    RowWriter.withWriter(alignments: alignments) { rowWriter in
      table.walk(
        sectionHeader: { _, title in
          output.write("<tbody>\n")
          if let title {
            output.write("<tr class=\"section-header\"><th scope=\"rowgroup\" colspan=\"")
            output.write(integer: span)
            output.write("\">")
            output.writeEscapedHTML(title)
            output.write("</th></tr>\n")
          }
        },
        row: { _, cell, object in
          let rowStart = rowStarts.startTag(for: cell)
          if rowStarts.isStatus {
            output.write(utf8: rowStart)
            Self.writeStatusCell(cell, span: span, into: &output)
            return
          }
          // Only a type with an HTML representation can show more than its cell's values; the
          // common case writes those values without making an array of `HTMLValue`.
          guard layout.conformances.hasHTML(object) else {
            rowStart.withUnsafeBufferPointer { rowStart in
              layout.withValues(of: cell) { values in
                rowWriter.write(rowStart: rowStart, values, into: &output)
              }
            }
            return
          }
          output.write(utf8: rowStart)
          let values = layout.htmlValues(of: cell, object: object)
          for column in 0..<min(values.count, span) {
            Self.writeCell(
              values[column], isFirst: column == 0, alignment: alignments[column], links: links,
              into: &output)
          }
          output.write(span > 0 ? "</td></tr>\n" : "</tr>\n")
        },
        sectionFooter: { _, title in
          if let title {
            output.write("<tr class=\"section-footer\"><td colspan=\"")
            output.write(integer: span)
            output.write("\">")
            output.writeEscapedHTML(title)
            output.write("</td></tr>\n")
          }
          output.write("</tbody>\n")
        }
      )
    }
    output.write("</table>\n")
  }

  /// Writes the one cell of a status row (loading, empty, failure, load more), spanning every
  /// column: its text, and its detail in a `<span class="status-detail">`; closes the row.
  private static func writeStatusCell(
    _ cell: Cell,
    span: Int,
    into output: inout OutputBuffer
  ) {
    output.write("<td colspan=\"")
    output.write(integer: max(1, span))
    output.write("\">")
    output.writeEscapedHTML(cell.text)
    if let detail = cell.detailText {
      output.write(" <span class=\"status-detail\">")
      output.writeEscapedHTML(detail)
      output.write("</span>")
    }
    output.write("</td></tr>\n")
  }

  /// Writes one cell of an ``HTMLRepresentable`` row: its start tag (closing the cell before it)
  /// and its value or link; the row closes its last cell.
  private static func writeCell(
    _ value: HTMLValue,
    isFirst: Bool,
    alignment: ColumnDefinition.Alignment,
    links: LinkPolicy,
    into output: inout OutputBuffer
  ) {
    switch value {
    case .value(let value):
      output.write(cellStart(isFirst: isFirst, alignment, isNumeric: value.isNumeric))
      writeValue(value, into: &output)
    case .link(let text, let href):
      output.write(cellStart(isFirst: isFirst, alignment, isNumeric: false))
      if let url = links.allowedURL(href) {
        output.write("<a href=\"")
        output.writeEscapedHTML(url)
        output.write("\">")
        output.writeEscapedHTML(text)
        output.write("</a>")
      } else {
        output.writeEscapedHTML(text)
      }
    }
  }

  /// Writes `value` as cell content: text escaped, numbers as digits, booleans as words.
  static func writeValue(_ value: CellValue, into output: inout OutputBuffer) {
    switch value {
    case .text(let text): output.writeEscapedHTML(text)
    case .integer(let number): output.write(integer: number)
    case .decimal(let number, let digits): output.write(decimal: number, fractionDigits: digits)
    case .exactDecimal(let number): output.write(exactDecimal: number)
    case .money(let money): output.write(money.description)
    case .percent(let fraction): output.write(fraction.percentText)
    case .date(let date): output.writeEscapedHTML(date.written)
    case .boolean(let flag): output.write(flag ? "true" : "false")
    case .empty: break
    }
  }

  /// The start tag of a data cell, after the end tag of the cell before it unless it is the
  /// row's first.
  @inline(__always)
  static func cellStart(
    isFirst: Bool,
    _ alignment: ColumnDefinition.Alignment,
    isNumeric: Bool
  ) -> StaticString {
    switch (isFirst, alignment, isNumeric) {
    case (true, .automatic, false): "<td>"
    case (true, .automatic, true): "<td class=\"number\">"
    case (true, .left, false): "<td class=\"left\">"
    case (true, .left, true): "<td class=\"number left\">"
    case (true, .right, false): "<td class=\"right\">"
    case (true, .right, true): "<td class=\"number right\">"
    case (true, .center, false): "<td class=\"center\">"
    case (true, .center, true): "<td class=\"number center\">"
    case (false, .automatic, false): "</td><td>"
    case (false, .automatic, true): "</td><td class=\"number\">"
    case (false, .left, false): "</td><td class=\"left\">"
    case (false, .left, true): "</td><td class=\"number left\">"
    case (false, .right, false): "</td><td class=\"right\">"
    case (false, .right, true): "</td><td class=\"number right\">"
    case (false, .center, false): "</td><td class=\"center\">"
    case (false, .center, true): "</td><td class=\"number center\">"
    }
  }

  /// The opening tag of a column header cell.
  private static func headerCellStart(_ alignment: ColumnDefinition.Alignment) -> StaticString {
    switch alignment {
    case .automatic: "<th scope=\"col\">"
    case .left: "<th scope=\"col\" class=\"left\">"
    case .right: "<th scope=\"col\" class=\"right\">"
    case .center: "<th scope=\"col\" class=\"center\">"
    }
  }

  /// The class an accessory adds to its row, with the space before it.
  fileprivate static func accessoryClass(_ accessory: CellAccessory) -> String {
    switch accessory {
    case .none: ""
    case .disclosureIndicator: " disclosure-indicator"
    case .checkmark: " checkmark"
    case .detailButton: " detail-button"
    }
  }
}

/// The `<tr class="…">` start tags of one render, made once per kind and accessory.
///
/// Rows of one kind usually come in runs, so the last tag is checked first; a mixed table finds
/// the others in a small dictionary.
private struct RowStartCache {
  private struct Key: Hashable {
    var kind: String
    var accessory: CellAccessory
  }

  private var lastKind = ""
  private var lastAccessory = CellAccessory.none
  private var lastTag: [UInt8] = []
  private var tags: [Key: [UInt8]] = [:]
  /// Whether the kind of the last row asked about is a status kind, worked out only when the
  /// kind changes.
  private(set) var isStatus = false

  /// The UTF-8 of the start tag of `cell`'s row.
  mutating func startTag(for cell: Cell) -> [UInt8] {
    if !lastTag.isEmpty, cell.accessory == lastAccessory, cell.kind.rawValue == lastKind {
      return lastTag
    }
    let key = Key(kind: cell.kind.rawValue, accessory: cell.accessory)
    if let known = tags[key] {
      lastTag = known
    } else {
      let className = HTMLEscaping.className(key.kind)
      let accessoryClass = HTMLTableRenderer.accessoryClass(key.accessory)
      lastTag = Array("<tr class=\"\(className)\(accessoryClass)\">".utf8)
      tags[key] = lastTag
    }
    if key.kind != lastKind { isStatus = cell.kind.isStatus }
    lastKind = key.kind
    lastAccessory = key.accessory
    return lastTag
  }
}

/// A renderer's link policy, with the schemes lowercased once per render.
private struct LinkPolicy {
  let schemes: Set<String>
  let allowsRelative: Bool

  init(_ renderer: HTMLTableRenderer) {
    schemes = Set(renderer.allowedLinkSchemes.map { $0.lowercased() })
    allowsRelative = renderer.allowsRelativeLinks
  }

  /// The URL to write as the `href` of a link to `href`, valid and percent-encoded, or `nil`
  /// when the link is refused.
  func allowedURL(_ href: String) -> String? {
    permittedURL(href).flatMap(HTMLEscaping.validLinkURL)
  }

  /// The URL as a browser reads `href`, when the policy allows it.
  private func permittedURL(_ href: String) -> String? {
    let url = HTMLEscaping.browserURL(href)
    guard let scheme = HTMLEscaping.scheme(of: url) else {
      // `//host`, `\\host` and `/\host` have no scheme of their own but lead to another host
      // with the page's scheme (http or https): they are allowed only where those are, not as
      // relative URLs.
      let start = url.utf8.prefix(2)
      if start.count == 2 && start.allSatisfy({ $0 == 0x2F || $0 == 0x5C }) {
        return schemes.contains("http") || schemes.contains("https") ? url : nil
      }
      return allowsRelative ? url : nil
    }
    return schemes.contains(scheme) ? url : nil
  }
}
