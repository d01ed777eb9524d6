public import TableKit

/// Renders a table as a semantic HTML `<table>` fragment, every text escaped.
///
/// The data source's columns become `<th scope="col">` cells in a `<thead>`; each section becomes
/// a `<tbody>` whose header title is a `<th scope="rowgroup">` row spanning all columns. Each row's
/// `class` is its cell kind, plus `disclosure-indicator`, `checkmark` or `detail-button` for its
/// accessory, so a style sheet can draw the marks.
///
/// ```swift
/// let fragment = HTMLTableRenderer(caption: "Ada Lovelace").render(table)
/// ```
///
/// ```text
/// <table>
/// <caption>Ada Lovelace</caption>
/// <tbody>
/// <tr class="section-header"><th scope="rowgroup" colspan="2">Phone</th></tr>
/// <tr class="phone-number"><td>+44 20 7946 0018</td><td>work</td></tr>
/// </tbody>
/// </table>
/// ```
public struct HTMLTableRenderer: TableRenderer {
  /// The table's `<caption>`, or `nil` for none.
  public var caption: String?

  /// Creates an HTML fragment renderer.
  ///
  /// - Parameter caption: The table's caption.
  public init(caption: String? = nil) {
    self.caption = caption
  }

  /// Writes `table` as an HTML `<table>` fragment to `output`, row by row.
  ///
  /// - Parameters:
  ///   - table: The table to render.
  ///   - output: Where the HTML goes.
  public func render<Sink: ByteSink>(_ table: Table, into output: inout OutputBuffer<Sink>) {
    let layout = TableLayout(for: table)
    let span = layout.columns.count
    output.write("<table>\n")
    if let caption { output.write("<caption>\(HTMLEscaping.escape(caption))</caption>\n") }
    if layout.hasHeaderRow {
      output.write("<thead>\n<tr>")
      for column in layout.columns {
        output.write("<th scope=\"col\">\(HTMLEscaping.escape(column.title))</th>")
      }
      output.write("</tr>\n</thead>\n")
    }
    table.walk { step in
      switch step {
      case .sectionHeader(_, let title):
        output.write("<tbody>\n")
        if let title {
          output.write("<tr class=\"section-header\"><th scope=\"rowgroup\" colspan=\"\(span)\">")
          output.write(HTMLEscaping.escape(title))
          output.write("</th></tr>\n")
        }
      case .row(_, let cell, _):
        output.write("<tr class=\"\(Self.rowClass(of: cell))\">")
        for value in layout.values(of: cell) {
          output.write(value.isNumeric ? "<td class=\"number\">" : "<td>")
          output.write(HTMLEscaping.escape(value.text))
          output.write("</td>")
        }
        output.write("</tr>\n")
      case .sectionFooter(_, let title):
        if let title {
          output.write("<tr class=\"section-footer\"><td colspan=\"\(span)\">")
          output.write(HTMLEscaping.escape(title))
          output.write("</td></tr>\n")
        }
        output.write("</tbody>\n")
      }
    }
    output.write("</table>\n")
  }

  private static func rowClass(of cell: Cell) -> String {
    let kind = HTMLEscaping.className(cell.kind.rawValue)
    switch cell.accessory {
    case .none: return kind
    case .disclosureIndicator: return kind + " disclosure-indicator"
    case .checkmark: return kind + " checkmark"
    case .detailButton: return kind + " detail-button"
    }
  }
}
