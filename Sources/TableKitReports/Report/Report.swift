/// How a table reads as a document: a title, column spanners, row groups with summary rows,
/// footnotes, source notes and column formats.
///
/// A report is a value that holds no rows: it describes a table whose sections are its row
/// groups (each section's header title is the group's label) and whose declared columns are its
/// columns. ``layout(for:)`` checks it against a table, and the layout's walk hands a renderer
/// the report row by row, computing summaries exactly as the rows stream past.
///
/// ```swift
/// var report = Report(title: "Sales", subtitle: "November 2026")
/// report.spanners = [ColumnSpanner("Money", columns: 1..<3)]
/// report.summaries = [
///   SummaryRow(label: "Subtotal", scope: .eachGroup, aggregates: [1: .sum, 2: .mean]),
///   SummaryRow(label: "Total", scope: .grand, aggregates: [1: .sum]),
/// ]
/// report.footnotes = [Footnote("Excluding VAT", on: .column(1))]
/// report.sourceNotes = ["Source: the ledger, 2026-11-30."]
/// ```
public struct Report: Sendable {
  /// The title above the table, or `nil` for none.
  public var title: String?
  /// A line under the title, or `nil` for none.
  public var subtitle: String?
  /// The column whose values name their rows (drawn as row headers), or `nil` for none.
  ///
  /// Summary labels stand in this column, or in the first column when there is no stub.
  public var stubColumn: Int?
  /// Labels over adjacent columns, nested to any depth.
  public var spanners: [ColumnSpanner]
  /// Subtotals and grand totals.
  public var summaries: [SummaryRow]
  /// Notes marked where they apply.
  public var footnotes: [Footnote]
  /// How footnote marks are written.
  public var footnoteMarks: FootnoteMarks
  /// Lines under the table naming where the data comes from.
  public var sourceNotes: [String]
  /// The format of each column, by index; columns not listed use ``ColumnFormat/plain``.
  public var columnFormats: [Int: ColumnFormat]
  /// The conventions every format follows.
  public var locale: ReportLocale

  /// Creates a report.
  ///
  /// - Parameters:
  ///   - title: The title above the table.
  ///   - subtitle: A line under the title.
  ///   - stubColumn: The column whose values name their rows.
  ///   - spanners: Labels over adjacent columns.
  ///   - summaries: Subtotals and grand totals.
  ///   - footnotes: Notes marked where they apply.
  ///   - footnoteMarks: How marks are written.
  ///   - sourceNotes: Lines under the table.
  ///   - columnFormats: Formats by column index.
  ///   - locale: The conventions formats follow.
  public init(
    title: String? = nil,
    subtitle: String? = nil,
    stubColumn: Int? = nil,
    spanners: [ColumnSpanner] = [],
    summaries: [SummaryRow] = [],
    footnotes: [Footnote] = [],
    footnoteMarks: FootnoteMarks = .numbers,
    sourceNotes: [String] = [],
    columnFormats: [Int: ColumnFormat] = [:],
    locale: ReportLocale = .plain
  ) {
    self.title = title
    self.subtitle = subtitle
    self.stubColumn = stubColumn
    self.spanners = spanners
    self.summaries = summaries
    self.footnotes = footnotes
    self.footnoteMarks = footnoteMarks
    self.sourceNotes = sourceNotes
    self.columnFormats = columnFormats
    self.locale = locale
  }

  /// Whether drawing needs every row before the first: a grand total at the top.
  ///
  /// The walk then reads the table twice; a stream that cannot be read again refuses it.
  public var needsEveryRowFirst: Bool {
    summaries.contains { $0.scope == .grand && $0.placement == .top }
  }

  /// The format of `column`.
  ///
  /// - Parameter column: A column index.
  /// - Returns: Its format, or ``ColumnFormat/plain``.
  public func format(ofColumn column: Int) -> ColumnFormat {
    columnFormats[column] ?? .plain
  }
}
