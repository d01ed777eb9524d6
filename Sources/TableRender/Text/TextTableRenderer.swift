public import TableKit

/// Renders a table as aligned text for a terminal or a log.
///
/// Columns line up by display width (CJK and emoji count two columns, combining marks none),
/// numbers go to the right, section titles and footers span the table, and rows that lead deeper
/// end with `›` (a checkmark row with `✓`, a detail row with `ⓘ`). Control characters in the data
/// are shown visibly (`^[`, `\u{202E}`), and so are the invisible bidirectional marks LRM, RLM
/// and ALM (`\u{200F}`), never emitted; tabs expand to stops; line breaks in a value (LF, CRLF,
/// U+2028 LINE SEPARATOR, U+2029 PARAGRAPH SEPARATOR) make a multi-line cell, drawn line by line
/// from the value's text with no memory per line. Status rows (loading, empty, failure, load
/// more) are drawn like any row: their text in the first column, their detail in the second.
///
/// ```swift
/// let text = TextTableRenderer(title: "Ledger", style: .rounded).render(table)
/// ```
///
/// ```text
/// Ledger
///
/// ╭────────────┬──────────┬─────────╮
/// │ Date       │ Customer │  Amount │
/// ├────────────┴──────────┴─────────┤
/// │ November 2026                   │
/// ├────────────┬──────────┬─────────┤
/// │ 2026-11-03 │ Acme Ltd │ 1250.00 │
/// │ 2026-11-12 │ Zoë Café │  380.50 │
/// ╰────────────┴──────────┴─────────╯
/// ```
///
/// Aligning needs every column's width before the first line. By default a first pass measures
/// every row and a second pass draws, so the data source is read twice but no row is kept in
/// memory; ``ColumnSizing`` offers a sample or fixed widths instead. With ``maximumWidth`` set,
/// the widest columns shrink first and overflowing text is truncated with `…` or wrapped.
public struct TextTableRenderer: TableRenderer {
  /// A line printed above the table, or `nil` for none.
  public var title: String?
  /// The lines the table is drawn with.
  public var style: TextTableStyle
  /// The widest a line may be, in terminal columns, or `nil` for no limit.
  public var maximumWidth: Int?
  /// What happens to text wider than its column.
  public var overflow: TextOverflow
  /// How column widths are found before drawing.
  public var sizing: ColumnSizing
  /// Whether numbers in a column line up on their decimal point rather than their last digit.
  ///
  /// The points line up for every number that was measured. With widths from a sample or given
  /// (``ColumnSizing``), a later number that fits its column but not the column's point is moved
  /// off the point as little as it must to stay inside the column; one wider than the column is
  /// cut or wrapped like text (``TextOverflow``). No number is ever drawn past its column.
  public var alignsDecimalPoints: Bool
  /// The distance between tab stops when a value holds tabs, from 1 to 64 (values outside are
  /// taken as the nearest end).
  public var tabWidth: Int

  /// Creates a text renderer.
  ///
  /// - Parameters:
  ///   - title: A line printed above the table.
  ///   - style: The lines the table is drawn with.
  ///   - maximumWidth: The widest a line may be, in terminal columns.
  ///   - overflow: What happens to text wider than its column.
  ///   - sizing: How column widths are found before drawing.
  ///   - alignsDecimalPoints: Whether numbers line up on their decimal point.
  ///   - tabWidth: The distance between tab stops.
  public init(
    title: String? = nil,
    style: TextTableStyle = .plain,
    maximumWidth: Int? = nil,
    overflow: TextOverflow = .truncate,
    sizing: ColumnSizing = .measureAllRows,
    alignsDecimalPoints: Bool = false,
    tabWidth: Int = 4
  ) {
    self.title = title
    self.style = style
    self.maximumWidth = maximumWidth
    self.overflow = overflow
    self.sizing = sizing
    self.alignsDecimalPoints = alignsDecimalPoints
    self.tabWidth = tabWidth
  }

  /// Writes `table` as aligned text into `output`.
  ///
  /// - Parameters:
  ///   - table: The table to render.
  ///   - output: The buffer to fill.
  public func render(_ table: TableView, into output: inout OutputBuffer) {
    render(table, measured: nil, into: &output)
  }

  /// Writes `table` as aligned text into `output`, with the column metrics `measured` when
  /// given (see ``measureColumns(of:)``) instead of measuring them by ``sizing``.
  func render(
    _ table: TableView, measured: TextColumnMetrics?, into output: inout OutputBuffer
  ) {
    let tabWidth = min(max(self.tabWidth, 1), 64)
    var layout = TableLayout(for: table)
    // A header whose titles are all empty would draw an empty line and a rule: leave it out.
    let hasTitles = layout.hasHeaderRow && layout.columns.contains { !$0.title.isEmpty }
    let header =
      hasTitles ? layout.columns.map { TextField(text: $0.title, tabWidth: tabWidth) } : []
    var metrics = TextColumnMetrics(count: layout.columns.count)
    for (column, field) in header.enumerated() { metrics.include(field, column: column) }
    if let measured {
      metrics = measured
    } else {
      switch sizing {
      case .measureAllRows:
        measure(table, layout: &layout, into: &metrics, rowLimit: Int.max, tabWidth: tabWidth)
        if table.firstPassRowLimit != Int.max {
          // A stream read once is measured on the rows it keeps, as `.measureFirstRows` would be.
          metrics.keepEveryColumnVisible()
          metrics.hasAccessory = true
        }
      case .measureFirstRows(let count):
        measure(table, layout: &layout, into: &metrics, rowLimit: max(count, 0), tabWidth: tabWidth)
        metrics.keepEveryColumnVisible()
        metrics.hasAccessory = true
      case .fixed(let widths):
        metrics.fix(widths)
        metrics.hasAccessory = true
      }
    }
    var drawing = TextTableDrawing(
      style: style, metrics: metrics, layout: layout, maximumWidth: maximumWidth,
      overflow: overflow, alignsDecimalPoints: alignsDecimalPoints)
    if let title {
      drawing.writeFree(TextField(text: title, tabWidth: tabWidth), to: &output)
      output.write("\n")
    }
    if !header.isEmpty { drawing.writeHeader(header, to: &output) }
    table.walk(
      sectionHeader: { _, title in
        guard let title else { return }
        drawing.writeSectionTitle(TextField(text: title, tabWidth: tabWidth), to: &output)
      },
      row: { _, cell, object in
        layout.withTextValues(of: cell, object: object) { values in
          drawing.writeRow(values, accessory: cell.accessory, tabWidth: tabWidth, to: &output)
        }
      },
      sectionFooter: { _, title in
        guard let title else { return }
        drawing.writeFooter(TextField(text: title, tabWidth: tabWidth), to: &output)
      },
      parallelRows: { source, firstRow in
        let writer = RowWriter(drawing: drawing, tabWidth: tabWidth)
        return source.consume(rowsFrom: firstRow, with: writer, into: &output)?.count
      }
    )
    drawing.finish(to: &output)
  }

  /// The first pass: widths of up to `rowLimit` rows.
  func measure(
    _ table: TableView,
    layout: inout TableLayout,
    into metrics: inout TextColumnMetrics,
    rowLimit: Int,
    tabWidth: Int
  ) {
    var cell = Cell("")
    table.visitLeadingRows(
      limit: rowLimit,
      parallelRows: { source, firstRow in
        let measure = RowMeasure(metrics: metrics, tabWidth: tabWidth)
        var unused = OutputBuffer(sink: DiscardingSink(), chunkSize: 256)
        guard let consumed = source.consume(rowsFrom: firstRow, with: measure, into: &unused)
        else { return nil }
        metrics = consumed.consumer.metrics
        return consumed.count
      },
      { reader, position in
        reader.configureCell(&cell, at: position)
        layout.withTextValues(of: cell, object: reader.representedObject(at: position)) {
          values in
          metrics.include(row: values, tabWidth: tabWidth)
        }
        if cell.accessory != .none { metrics.hasAccessory = true }
        return true
      })
  }
}
