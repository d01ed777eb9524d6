public import TableKit

extension ReportLayout {
  /// Hands `body` the report's groups, rows and summaries in reading order, computing every
  /// summary exactly as the rows pass, and returns the notes to draw after them.
  ///
  /// Memory stays flat whatever the number of rows: one row is read at a time, and a summary
  /// keeps only its running totals. A grand total at the top makes the walk read every row
  /// first (then again to draw them); a subtotal at the top reads its group twice. A stream
  /// that cannot be read again (a pipe) refuses both. A stream whose rows come in groups it
  /// declares (input already grouped) has each group start where the stream says, one row at
  /// a time: its subtotals stream too, but a subtotal at its top is refused.
  ///
  /// - Parameters:
  ///   - table: The table the layout was made for.
  ///   - body: Called for each part, in order.
  /// - Returns: The footnotes, source notes and remarks.
  /// - Throws: ``ReportError/summaryOverflow(column:)`` when a total needs more than 38 digits
  ///   (the parts before it were handed over), ``ReportError/needsEveryRowFirst`` for a summary
  ///   at the top of a stream that cannot be read again,
  ///   ``ReportError/summaryAtTopOfStreamedGroup`` for a subtotal at the top of a group the
  ///   stream declares.
  public func walk(
    _ table: TableView, _ body: (ReportPart) -> Void
  ) throws(ReportError) -> ReportNotes {
    var run = ReportRun(layout: self, table: table)
    var rows = ReportRowReader(table: table)
    let summaries = report.summaries
    let grandTop = summaries.indices.filter {
      summaries[$0].scope == .grand && summaries[$0].placement == .top
    }
    let groupTop = summaries.indices.filter {
      summaries[$0].scope == .eachGroup && summaries[$0].placement == .top
    }
    if let stream = rows.stream, !grandTop.isEmpty || !groupTop.isEmpty,
      stream.rereadableRowCount != Int.max
    {
      throw .needsEveryRowFirst
    }
    if rows.groups != nil, !groupTop.isEmpty { throw .summaryAtTopOfStreamedGroup }
    let sections = rows.sections
    if !grandTop.isEmpty {
      for section in sections {
        rows.readRows(of: section) { _, values in run.addGrand(values) }
      }
      for index in grandTop { body(.summary(try run.summary(index))) }
    }
    /// Draws the summaries at the bottom of `group` and ends it.
    func end(_ group: ReportGroup) throws(ReportError) {
      for index in summaries.indices
      where summaries[index].scope == .eachGroup && summaries[index].placement == .bottom {
        body(.summary(try run.summary(index)))
      }
      body(.groupEnd(group))
    }
    if let groups = rows.groups {
      // Groups the stream declares as its rows pass: each starts at its first row.
      let addsGrand = grandTop.isEmpty
      var open: ReportGroup?
      try rows.readGroupedRows(of: groups) { section, position, values throws(ReportError) in
        if section != open?.section {
          if let open { try end(open) }
          let group = ReportGroup(
            section: section, label: groups.titleForHeader(inSection: section),
            marks: groupMarks[section] ?? [])
          body(.groupStart(group))
          run.startGroup()
          open = group
        }
        run.addGroup(values)
        if addsGrand { run.addGrand(values) }
        body(.row(position: position, cells: run.cells(of: values, at: position)))
      }
      if let open { try end(open) }
    }
    for section in sections where rows.groups == nil {
      let group = ReportGroup(
        section: section, label: table.dataSource.titleForHeader(inSection: section),
        marks: groupMarks[section] ?? [])
      body(.groupStart(group))
      run.startGroup()
      if !groupTop.isEmpty {
        rows.readRows(of: section) { _, values in run.addGroup(values) }
        for index in groupTop { body(.summary(try run.summary(index))) }
      }
      let addsGroup = groupTop.isEmpty
      let addsGrand = grandTop.isEmpty
      rows.readRows(of: section) { position, values in
        if addsGroup { run.addGroup(values) }
        if addsGrand { run.addGrand(values) }
        body(.row(position: position, cells: run.cells(of: values, at: position)))
      }
      try end(group)
    }
    for index in summaries.indices
    where summaries[index].scope == .grand && summaries[index].placement == .bottom {
      body(.summary(try run.summary(index)))
    }
    return ReportNotes(
      marks: noteMarks, texts: noteTexts, sourceNotes: report.sourceNotes, remarks: run.remarks)
  }
}

/// The state of one walk: the reused cell, the running summaries and the remarks.
struct ReportRun {
  let layout: ReportLayout
  let table: TableView
  let titles: [String]
  let formats: [ColumnFormat]
  /// For each summary, its columns' accumulators.
  private var accumulators: [[(column: Int, value: SummaryAccumulator)]]
  private var remarked: Set<String> = []
  private(set) var remarks: [String] = []

  init(layout: ReportLayout, table: TableView) {
    self.layout = layout
    self.table = table
    titles = table.dataSource.columns.map(\.title)
    formats = (0..<layout.columnCount).map { layout.report.format(ofColumn: $0) }
    accumulators = layout.report.summaries.map { summary in
      summary.aggregates.keys.sorted().compactMap { column in
        summary.aggregates[column].map { (column, SummaryAccumulator($0)) }
      }
    }
  }

  /// Empties every per-group summary.
  mutating func startGroup() {
    for (index, summary) in layout.report.summaries.enumerated() where summary.scope == .eachGroup {
      for slot in accumulators[index].indices {
        accumulators[index][slot].value = SummaryAccumulator(
          accumulators[index][slot].value.aggregate)
      }
    }
  }

  mutating func addGroup(_ values: [CellValue]) { add(values, scope: .eachGroup) }

  mutating func addGrand(_ values: [CellValue]) { add(values, scope: .grand) }

  private mutating func add(_ values: [CellValue], scope: SummaryRow.Scope) {
    for (index, summary) in layout.report.summaries.enumerated() where summary.scope == scope {
      for slot in accumulators[index].indices {
        let column = accumulators[index][slot].column
        accumulators[index][slot].value.add(column < values.count ? values[column] : .empty)
      }
    }
  }

  /// A data row's cells: each value in its column's format, with its marks.
  func cells(of values: [CellValue], at position: TablePosition) -> [ReportCell] {
    let marks = layout.cellMarks.isEmpty ? nil : layout.cellMarks[position]
    let locale = layout.report.locale
    return (0..<layout.columnCount).map { column in
      let value = column < values.count ? values[column] : .empty
      return ReportCell(
        text: formats[column].text(for: value, in: locale), isNumeric: value.isNumeric,
        marks: marks?[column] ?? [], value: value)
    }
  }

  /// Summary `index` as it stands now.
  mutating func summary(_ index: Int) throws(ReportError) -> ReportSummary {
    let summary = layout.report.summaries[index]
    let labelColumn = layout.labelColumn
    var cells = (0..<layout.columnCount).map { _ in ReportCell(text: "", isNumeric: false) }
    for (column, accumulator) in accumulators[index] where column != labelColumn {
      switch accumulator.result(roundingMeanBy: formats[column]) {
      case .value(let value):
        let format: ColumnFormat
        if case .count = accumulator.aggregate { format = .plain } else { format = formats[column] }
        cells[column] = ReportCell(
          text: format.text(for: value, in: layout.report.locale), isNumeric: value.isNumeric,
          value: value)
      case .missing:
        cells[column] = ReportCell(text: summary.missingText, isNumeric: false)
      case .mixedCurrencies(let codes):
        cells[column] = ReportCell(text: summary.missingText, isNumeric: false)
        let title = column < titles.count ? titles[column] : ""
        remark(
          "\(summary.label), column \(ReportError.quoted(title)): amounts in "
            + codes.joined(separator: ", ") + " are not added together.")
      case .overflow:
        throw .summaryOverflow(column: column)
      }
    }
    cells[labelColumn] = ReportCell(text: summary.label, isNumeric: false)
    return ReportSummary(
      label: summary.label, labelColumn: labelColumn, scope: summary.scope,
      placement: summary.placement, cells: cells)
  }

  private mutating func remark(_ text: String) {
    if remarked.insert(text).inserted { remarks.append(text) }
  }
}
