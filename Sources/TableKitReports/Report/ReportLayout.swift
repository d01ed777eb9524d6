public import TableKit

/// A report checked against one table: its header rows, its footnote marks, and a walk that hands
/// a renderer the rows, the groups and the summaries as they stream past.
///
/// ```swift
/// let layout = try report.layout(for: table)
/// for row in layout.headerRows { print(row.map(\.label)) }
/// let notes = try layout.walk(table) { part in
///   if case .summary(let summary) = part { print(summary.cells.map(\.text)) }
/// }
/// ```
public struct ReportLayout: Sendable {
  /// The report.
  public let report: Report
  /// The number of columns.
  public let columnCount: Int
  /// The header, top to bottom: one row per spanner level, then the column labels.
  ///
  /// Every row covers every column once.
  public let headerRows: [[ReportHeaderCell]]
  /// The title's footnote marks.
  public let titleMarks: [String]
  /// The column a summary's label stands in.
  public var labelColumn: Int { report.stubColumn ?? 0 }

  let groupMarks: [Int: [String]]
  let cellMarks: [TablePosition: [Int: [String]]]
  let noteMarks: [String]
  let noteTexts: [String]

  init(
    report: Report, columnCount: Int, headerRows: [[ReportHeaderCell]], titleMarks: [String],
    groupMarks: [Int: [String]], cellMarks: [TablePosition: [Int: [String]]],
    notes: [(mark: String, text: String)]
  ) {
    self.report = report
    self.columnCount = columnCount
    self.headerRows = headerRows
    self.titleMarks = titleMarks
    self.groupMarks = groupMarks
    self.cellMarks = cellMarks
    noteMarks = notes.map(\.mark)
    noteTexts = notes.map(\.text)
  }

  /// The footnotes with their marks, in mark order (for renderers that draw notes first).
  public var footnotes: [(mark: String, text: String)] {
    zip(noteMarks, noteTexts).map { ($0, $1) }
  }
}

extension Report {
  /// Checks the report against `table` and lays out its header and footnote marks.
  ///
  /// The table's declared columns are the report's columns (a table with none has one, its
  /// cells' text). Spanner levels: a spanner stands one level above the highest spanner inside
  /// it. Footnote marks follow reading order: the title, header rows top to bottom and left to
  /// right, then each group's label and its cells row by row.
  ///
  /// - Parameter table: The table to report on.
  /// - Returns: The layout.
  /// - Throws: ``ReportError`` when a column index is out of range, a spanner is empty or two
  ///   cross, or a footnote names a group or a row the table does not have.
  public func layout(for table: TableView) throws(ReportError) -> ReportLayout {
    let titles = table.dataSource.columns.map(\.title)
    let columnCount = max(titles.count, 1)
    try checkColumns(count: columnCount)
    var header = try spannerRows(columnCount: columnCount)
    header.append(
      (0..<columnCount).map { column in
        ReportHeaderCell(
          label: column < titles.count ? titles[column] : "", columns: column..<column + 1,
          marks: [], isSpanner: false)
      })
    return try markedLayout(table: table, columnCount: columnCount, header: header)
  }

  private func checkColumns(count: Int) throws(ReportError) {
    func check(_ column: Int, _ part: @autoclosure () -> String) throws(ReportError) {
      guard (0..<count).contains(column) else {
        throw .columnOutOfRange(part: part(), column: column, columnCount: count)
      }
    }
    if let stubColumn, !(0..<count).contains(stubColumn) {
      throw .stubOutOfRange(column: stubColumn, columnCount: count)
    }
    for spanner in spanners {
      guard !spanner.columns.isEmpty else { throw .emptySpanner(label: spanner.label) }
      try check(spanner.columns.lowerBound, "spanner \(ReportError.quoted(spanner.label))")
      try check(spanner.columns.upperBound - 1, "spanner \(ReportError.quoted(spanner.label))")
    }
    for summary in summaries {
      for column in summary.aggregates.keys.sorted() {
        try check(column, "summary \(ReportError.quoted(summary.label))")
      }
    }
    for column in columnFormats.keys.sorted() { try check(column, "format") }
    for (index, note) in footnotes.enumerated() {
      switch note.target {
      case .column(let column), .cell(_, let column): try check(column, "footnote \(index + 1)")
      case .spanner(let spanner):
        guard spanners.indices.contains(spanner) else {
          throw .footnoteTargetMissing(footnote: index)
        }
      case .title, .group: break
      }
    }
  }

  /// The spanner rows, top to bottom, each covering every column once.
  private func spannerRows(columnCount: Int) throws(ReportError) -> [[ReportHeaderCell]] {
    guard !spanners.isEmpty else { return [] }
    // `inside[i]` holds the spanners that stand below spanner i.
    var inside = Array(repeating: [Int](), count: spanners.count)
    for (i, outer) in spanners.enumerated() {
      for (j, inner) in spanners.enumerated() where i != j {
        let a = outer.columns
        let b = inner.columns
        guard a.overlaps(b) else { continue }
        let holds = a.lowerBound <= b.lowerBound && b.upperBound <= a.upperBound
        let isHeld = b.lowerBound <= a.lowerBound && a.upperBound <= b.upperBound
        if !holds && !isHeld {
          throw .spannersCross(
            first: spanners[min(i, j)].label, firstColumns: spanners[min(i, j)].columns,
            second: spanners[max(i, j)].label, secondColumns: spanners[max(i, j)].columns)
        }
        if holds && (!isHeld || j < i) { inside[i].append(j) }
      }
    }
    var levels = Array(repeating: -1, count: spanners.count)
    func level(_ index: Int) -> Int {
      if levels[index] >= 0 { return levels[index] }
      let found = inside[index].map(level).max().map { $0 + 1 } ?? 0
      levels[index] = found
      return found
    }
    let top = (0..<spanners.count).map(level).max() ?? 0
    return (0...top).reversed().map { rowLevel in
      var row: [ReportHeaderCell] = []
      var column = 0
      while column < columnCount {
        if let index = spanners.indices.first(where: {
          levels[$0] == rowLevel && spanners[$0].columns.lowerBound == column
        }) {
          let spanner = spanners[index]
          row.append(
            ReportHeaderCell(
              label: spanner.label, columns: spanner.columns, marks: [], isSpanner: true,
              spannerIndex: index))
          column = spanner.columns.upperBound
        } else {
          row.append(
            ReportHeaderCell(
              label: "", columns: column..<column + 1, marks: [], isSpanner: false, isGap: true))
          column += 1
        }
      }
      return row
    }
  }
}

extension ReportLayout {
  /// Each column's label preceded by the spanners over it, outermost first.
  ///
  /// The labels are joined by `separator`: `Money / Price / net`. For formats with one header
  /// row (Markdown, CSV).
  ///
  /// - Parameter separator: What stands between two labels.
  /// - Returns: One label per column.
  public func qualifiedColumnLabels(separator: String = " / ") -> [String] {
    (0..<columnCount).map { column in
      headerRows.compactMap { row in
        row.first { $0.columns.contains(column) && !$0.isGap }?.label
      }.joined(separator: separator)
    }
  }
}
