import TableKit
package import TableKitReports

/// Draws a laid-out report into one sheet, part by part as the walk hands them over.
///
/// Rows, top to bottom: the title and the subtitle (each merged across the table's width), one
/// row per spanner level (each spanner merged over its columns), the column labels (the frozen
/// pane ends under them), then the groups: a bold label row, the data rows at outline level 1,
/// the summary rows (bold, a thin rule above); the grand total; a blank row and the notes.
///
/// A summary at the bottom of its rows is a `SUBTOTAL` formula over them with the exact value
/// cached in `<v>`; see ``XLSXReportRenderer`` for when a summary is a value only.
package struct XLSXReportSheet {
  /// A summary's function number in `SUBTOTAL`: 9 sum, 1 average, 5 minimum, 4 maximum,
  /// 3 count of non-empty cells; `nil` for a custom aggregate.
  static func subtotalFunction(_ aggregate: Aggregate) -> Int? {
    switch aggregate {
    case .sum: 9
    case .mean: 1
    case .minimum: 5
    case .maximum: 4
    case .count: 3
    case .custom: nil
    }
  }

  let layout: ReportLayout
  /// Each column's format in the report.
  private let formats: [ColumnFormat]
  package private(set) var sheet: XLSXSheetWriter
  /// The row of the column labels: the autofilter's first row, the last frozen row.
  package let labelRow: Int
  private let title = XLSXStyles.Style(font: .title, isCentred: true)
  private let subtitle = XLSXStyles.Style(font: .italic, isCentred: true)
  private let spanner = XLSXStyles.Style(font: .bold, isCentred: true)
  private let summaryStyle = XLSXStyles.Style(font: .bold, hasTopRule: true)
  /// For each (scope, placement), the summaries' indices in the report, in order.
  private let summaryIndices: [SummaryKey: [Int]]
  /// How many summaries of each (scope, placement) came so far (per group for subtotals).
  private var summaryCounts: [SummaryKey: Int] = [:]
  /// Whether the rows of the current group are folded under it.
  private var outlinesRows = false
  private var groupRows: ClosedRange<Int>?
  private var dataRows: ClosedRange<Int>?
  /// The last row of the body (groups, rows, subtotals): the autofilter's last row.
  package private(set) var lastBodyRow: Int
  /// Per column: a data cell of the current group / of the table whose value Excel would not
  /// count as the summary did (a number written as text, a decimal shown rounded, empty text).
  private var groupUnlike: [Bool]
  private var tableUnlike: [Bool]
  /// Per column: a number / text in the body outside the data rows that is not a `SUBTOTAL`
  /// formula (a value-only subtotal, a group label, a missing text), which a grand total's
  /// `SUBTOTAL` over the whole range would count.
  private var bodyNumbers: [Bool]
  private var bodyTexts: [Bool]

  struct SummaryKey: Hashable {
    var scope: SummaryRow.Scope
    var placement: SummaryRow.Placement
  }

  /// A sheet for `layout`, its XML going to `sink`; the title and header rows are written.
  ///
  /// - Parameters:
  ///   - layout: The report laid out over its table.
  ///   - sink: Where the sheet's XML goes (a ZIP member, or a collector in tests).
  package init(layout: ReportLayout, sink: any ByteSink) {
    self.layout = layout
    let report = layout.report
    formats = (0..<layout.columnCount).map(report.format(ofColumn:))
    let hasTitle = !(report.title ?? "").isEmpty || !layout.titleMarks.isEmpty
    let hasSubtitle = !(report.subtitle ?? "").isEmpty
    labelRow = (hasTitle ? 1 : 0) + (hasSubtitle ? 1 : 0) + layout.headerRows.count
    let groupSummaries = report.summaries.filter { $0.scope == .eachGroup }
    let below = !groupSummaries.contains { $0.placement == .top }
    sheet = XLSXSheetWriter(
      columnCount: layout.columnCount, frozenRows: labelRow, summaryBelow: below, sink: sink)
    var indices: [SummaryKey: [Int]] = [:]
    for (index, summary) in report.summaries.enumerated() {
      indices[SummaryKey(scope: summary.scope, placement: summary.placement), default: []]
        .append(index)
    }
    summaryIndices = indices
    lastBodyRow = labelRow
    let none = Array(repeating: false, count: layout.columnCount)
    (groupUnlike, tableUnlike, bodyNumbers, bodyTexts) = (none, none, none, none)
    writeHeader()
  }

  /// The title, the subtitle, the spanner rows and the column labels.
  private mutating func writeHeader() {
    let report = layout.report
    let width = 0..<layout.columnCount
    let titleText = report.title ?? ""
    if !titleText.isEmpty || !layout.titleMarks.isEmpty {
      sheet.beginRow()
      sheet.writeText(
        titleText, column: 0, style: sheet.style(title), marks: layout.titleMarks)
      sheet.endRow()
      sheet.merge(row: sheet.rowNumber, columns: width)
    }
    if let text = report.subtitle, !text.isEmpty {
      sheet.beginRow()
      sheet.writeText(text, column: 0, style: sheet.style(subtitle))
      sheet.endRow()
      sheet.merge(row: sheet.rowNumber, columns: width)
    }
    for (level, row) in layout.headerRows.enumerated() {
      let isLabels = level == layout.headerRows.count - 1
      sheet.beginRow()
      for cell in row where !cell.isGap {
        let column = cell.columns.lowerBound
        if isLabels {
          sheet.measure(cell.label, column: column)
          sheet.writeText(
            cell.label, column: column, style: XLSXStyles.header, marks: cell.marks)
        } else {
          sheet.writeText(
            cell.label, column: column, style: sheet.style(spanner), marks: cell.marks)
        }
      }
      sheet.endRow()
      if !isLabels {
        for cell in row where cell.isSpanner {
          sheet.merge(row: sheet.rowNumber, columns: cell.columns)
        }
      }
    }
  }

  /// Draws one part of the walk.
  ///
  /// - Parameter part: A group's start or end, a row, or a summary.
  package mutating func draw(_ part: ReportPart) {
    switch part {
    case .groupStart(let group):
      groupRows = nil
      groupUnlike = groupUnlike.map { _ in false }
      for key in summaryCounts.keys where key.scope == .eachGroup { summaryCounts[key] = 0 }
      outlinesRows = group.label != nil
      if let label = group.label, !label.isEmpty || !group.marks.isEmpty {
        sheet.beginRow()
        sheet.writeText(label, column: 0, style: XLSXStyles.header, marks: group.marks)
        sheet.endRow()
        bodyTexts[0] = true
        lastBodyRow = sheet.rowNumber
      }
    case .row(_, let cells):
      drawRow(cells)
    case .summary(let summary):
      drawSummary(summary)
    case .groupEnd:
      break
    }
  }

  private mutating func drawRow(_ cells: [ReportCell]) {
    sheet.beginRow(outlineLevel: outlinesRows ? 1 : 0)
    let row = sheet.rowNumber
    for (column, cell) in cells.enumerated() where column < layout.columnCount {
      sheet.measure(cell.text, column: column)
      let form = sheet.writeValue(
        cell.value, column: column, marks: cell.marks,
        numberFormat: XLSXStyles.numberFormat(for: formats[column], value: cell.value))
      if Self.countsUnlike(cell.value, written: form) {
        groupUnlike[column] = true
        tableUnlike[column] = true
      }
    }
    sheet.endRow()
    groupRows = (groupRows?.lowerBound ?? row)...row
    dataRows = (dataRows?.lowerBound ?? row)...row
    lastBodyRow = row
  }

  /// Whether Excel would see `value`, written as `form`, otherwise than a summary does.
  static func countsUnlike(_ value: CellValue, written form: XLSXSheetWriter.Form) -> Bool {
    if case .decimal = value { return true }
    switch form {
    case .absent:
      if case .empty = value { return false }
      return true
    case .text:
      return value.isNumeric
    case .number, .boolean:
      return false
    }
  }

  private mutating func drawSummary(_ summary: ReportSummary) {
    let key = SummaryKey(scope: summary.scope, placement: summary.placement)
    let position = summaryCounts[key, default: 0]
    summaryCounts[key] = position + 1
    let index = summaryIndices[key].flatMap { $0.indices.contains(position) ? $0[position] : nil }
    let aggregates = index.map { layout.report.summaries[$0].aggregates } ?? [:]
    let isGrand = summary.scope == .grand
    let range: ClosedRange<Int>? =
      summary.placement == .top
      ? nil : isGrand ? dataRows.map { $0.lowerBound...lastBodyRow } : groupRows
    sheet.beginRow()
    for (column, cell) in summary.cells.enumerated() where column < layout.columnCount {
      sheet.measure(cell.text, column: column)
      let function = aggregates[column].flatMap(Self.subtotalFunction)
      let numberFormat =
        function == 3 ? nil : XLSXStyles.numberFormat(for: formats[column], value: cell.value)
      let counted = isGrand ? tableUnlike[column] : groupUnlike[column]
      let foreign = isGrand && (bodyNumbers[column] || (function == 3 && bodyTexts[column]))
      if column != summary.labelColumn, let range, let function, !counted, !foreign,
        case .number(let digits, let format) = XLSXSheetWriter.form(of: cell.value)
      {
        var style = summaryStyle
        style.format = numberFormat ?? format
        let letters = sheet.columnLetters[column]
        sheet.writeFormula(
          "SUBTOTAL(\(function),\(letters)\(range.lowerBound):\(letters)\(range.upperBound))",
          cached: digits, column: column, style: sheet.style(style))
        continue
      }
      let form: XLSXSheetWriter.Form
      if case .empty = cell.value, !cell.text.isEmpty {
        sheet.writeText(cell.text, column: column, style: sheet.style(summaryStyle))
        form = .text(cell.text, isInexact: false)
      } else {
        form = sheet.writeValue(
          cell.value, column: column, style: summaryStyle, numberFormat: numberFormat)
      }
      guard !isGrand else { continue }
      switch form {
      case .number, .boolean: bodyNumbers[column] = true
      case .text: bodyTexts[column] = true
      case .absent: break
      }
    }
    sheet.endRow()
    if !isGrand { lastBodyRow = sheet.rowNumber }
  }

  /// Ends the sheet: a blank row and the notes, the autofilter over the labels and the body,
  /// the merged cells.
  ///
  /// - Parameter notes: The walk's footnotes, source notes and remarks.
  package mutating func finish(_ notes: ReportNotes) {
    let filtered = labelRow > 0 ? labelRow...max(lastBodyRow, labelRow) : nil
    if !notes.isEmpty {
      sheet.beginRow()
      sheet.endRow()
    }
    for note in notes.footnotes {
      sheet.beginRow()
      sheet.writeText(note.text, column: 0, leadingMark: note.mark)
      sheet.endRow()
    }
    let italic = sheet.style(XLSXStyles.Style(font: .italic))
    for line in notes.sourceNotes {
      sheet.beginRow()
      sheet.writeText(line, column: 0, style: italic)
      sheet.endRow()
    }
    for line in notes.remarks {
      sheet.beginRow()
      sheet.writeText(line, column: 0)
      sheet.endRow()
    }
    sheet.finish(filteredRows: filtered)
    filteredRows = filtered
  }

  /// The rows the autofilter covers, once the sheet is finished.
  package private(set) var filteredRows: ClosedRange<Int>?
}
