public import TableKit
public import TableKitReports

/// A format a report can be drawn in: one conforming struct per format, each also a
/// ``TableRenderer`` so the report draws wherever a table does (standard output, a safe file
/// write).
///
/// A report renderer lays the report out over the table (`Report.layout(for:)`)
/// and draws the walk's parts as they stream past: the header first, then groups, rows and
/// summaries, then the notes. Every text (labels, spanners, footnotes, source notes, values) is
/// data and escaped for the format.
///
/// ```swift
/// let html = try HTMLReportRenderer(report: report).renderReport(table)
/// ```
public protocol ReportRenderer: TableRenderer {
  /// The report drawn.
  var report: Report { get }
  /// Where ``TableRenderer/render(_:into:)`` keeps an error it could not throw.
  var failure: ReportFailure { get }

  /// Draws the laid-out report into `output`.
  ///
  /// - Parameters:
  ///   - layout: The report laid out over `table`.
  ///   - table: The table.
  ///   - output: Where the text goes.
  /// - Throws: `ReportError` from the walk (an overflowing total, a summary at
  ///   the top of a pipe); what was drawn before stays in `output`.
  func draw(
    _ layout: ReportLayout, of table: TableView, into output: inout OutputBuffer
  ) throws(ReportError)
}

extension ReportRenderer {
  /// Draws the report over `table`; an error is kept in ``failure`` and ends the output early.
  ///
  /// - Parameters:
  ///   - table: The table.
  ///   - output: Where the text goes.
  public func render(_ table: TableView, into output: inout OutputBuffer) {
    do throws(ReportError) {
      try renderReport(table, into: &output)
    } catch {
      failure.record(error)
    }
  }

  /// Draws the report over `table`, throwing what stops it.
  ///
  /// - Parameters:
  ///   - table: The table.
  ///   - output: Where the text goes.
  /// - Throws: `ReportError` when the report does not fit the table or a
  ///   total overflows.
  public func renderReport(
    _ table: TableView, into output: inout OutputBuffer
  ) throws(ReportError) {
    try draw(report.layout(for: table), of: table, into: &output)
  }

  /// The report over `table` as a string, for small tables and tests.
  ///
  /// - Parameter table: The table.
  /// - Returns: The drawn report.
  /// - Throws: `ReportError` when the report does not fit the table or a
  ///   total overflows.
  public func renderReport(_ table: TableView) throws(ReportError) -> String {
    var error: ReportError?
    let text = OutputBuffer.string { output in
      do throws(ReportError) {
        try renderReport(table, into: &output)
      } catch let caught {
        error = caught
      }
    }
    if let error { throw error }
    return text
  }
}
