public import TableKit

/// Renders a table as RFC 4180 comma-separated values, row by row.
///
/// The data source's column titles form the header row, then every row of every section follows
/// as one record. CSV has no row groups, so sections are flattened; set ``sectionColumn`` to add
/// a leading column that holds each row's section title. Footers are not exported, and neither
/// are status rows (loading, empty, failure, load more) unless ``statusRows`` says so.
///
/// ```swift
/// try CSVTableRenderer(sectionColumn: "Status").write(table, toFile: "payments.csv")
/// ```
///
/// ```text
/// Status,Payee,Amount,Open
/// Open,"Acme, Sons",1250.00,true
/// Open,"'=HYPERLINK(""http://x"")",-4.99,true
/// Open,'-fees,0.50,true
/// Settled,"Say ""hi""",0.07,false
/// ```
///
/// (Each record ends with CRLF.)
///
/// Fields are quoted when they hold a comma, a double quote, CR or LF, and embedded double quotes
/// are doubled. Records end with CRLF as RFC 4180 asks, or LF with ``lineEnding``. Text is
/// written losslessly: control characters, line breaks and every other character are kept as
/// data; the formula guard is the only change.
///
/// The formula guard is on by default. A text field that a spreadsheet could run as a formula
/// gets a leading `'` (OWASP's advice against CSV injection) and is then quoted if it needs
/// quoting anyway. The rule, from OWASP's CSV Injection page and ASVS 5.0 requirement 1.2.10:
/// a field is guarded when its first character is `=`, `+`, `-`, `@`, TAB, CR or NUL, or when
/// its first character after leading whitespace, control and invisible format characters (LF,
/// NUL, spaces, no-break and Unicode spaces, zero-width and bidirectional marks, U+FEFF, …) is
/// `=`, `+`, `-`, `@` or one of their fullwidth forms, because some spreadsheets trim or skip
/// those before looking for a formula. So `"\n=1+2"`, `"\u{0}=1+2"` and `"  @SUM(A1)"` are
/// guarded; `"a=b"` and `"'=x"` are not. Only text is
/// guarded: `CellValue.integer(_:)` and `CellValue.decimal(_:fractionDigits:)`
/// values are typed numbers, so `-4.99` stays `-4.99` even with the guard on, while the text
/// `"-4.99"` becomes `'-4.99`. Column titles and section titles are text and are guarded too.
/// Turn the guard off with ``FormulaGuard/off`` for files that only programs read, where the `'`
/// would be data.
///
/// Values come from each object's ``CSVRepresentable`` values when its type has them, else from
/// its cell. Numbers are written as digits straight into the output, with no intermediate string,
/// and text is copied as UTF-8 in runs, so memory stays flat at any number of rows.
public struct CSVTableRenderer: TableRenderer {
  /// The characters that end each record.
  public enum LineEnding: Hashable, Sendable {
    /// CR LF, as RFC 4180 specifies.
    case crlf
    /// A single LF, as Unix tools expect.
    case lf
  }

  /// What happens to status rows: rows whose cell kind `CellKind.isStatus`, such as
  /// the loading, empty, failure and load-more rows of a model's data source.
  ///
  /// They tell a person how loading went; they are not records. A program reading the file
  /// would take "Load more" for data, so they are left out unless asked for.
  public enum StatusRows: Hashable, Sendable {
    /// Status rows are not written.
    case omitted
    /// Status rows are written like any row (their text and detail, or their values).
    case included
  }

  /// How an empty text is written, apart from no value or not.
  public enum EmptyText: Hashable, Sendable {
    /// An empty text is an empty field, like no value (`CellValue.empty`): what most
    /// spreadsheets and Python's `csv` module write.
    case unquoted
    /// An empty text is written `""` and no value (`CellValue.empty`, a database's `NULL`) an
    /// empty field, so a reader that tells them apart (PostgreSQL's and DuckDB's `COPY`, for
    /// instance) gets both back.
    case quoted
  }

  /// Whether text that a spreadsheet would run as a formula is neutralised.
  public enum FormulaGuard: Hashable, Sendable {
    /// A text field a spreadsheet could read as a formula gets a leading `'`: one starting with
    /// `=`, `+`, `-`, `@`, TAB, CR or NUL, or with `=`, `+`, `-`, `@` (or a fullwidth form)
    /// after leading whitespace, control or invisible characters.
    case on
    /// Text is written exactly as it is.
    case off
  }

  /// Whether the column titles are written as the first record; `true` by default.
  ///
  /// A data source that declares no columns has no titles, so no header row is written for it.
  public var includesHeaderRow: Bool
  /// The characters that end each record; ``LineEnding/crlf`` by default.
  public var lineEnding: LineEnding
  /// Whether formula-like text is neutralised; ``FormulaGuard/on`` by default.
  public var formulaGuard: FormulaGuard
  /// The title of a leading column holding each row's section title, or `nil` (the default) to
  /// flatten sections without one.
  ///
  /// Rows of a section without a title get an empty field.
  public var sectionColumn: String?
  /// Whether fields that start or end with a space or tab are quoted; `false` by default.
  ///
  /// RFC 4180 keeps such spaces without quotes, but some readers trim unquoted fields.
  public var quotesSurroundingSpaces: Bool
  /// Whether status rows (loading, empty, failure, load more) are exported;
  /// ``StatusRows/omitted`` by default.
  public var statusRows: StatusRows
  /// How an empty text is written; ``EmptyText/unquoted`` (alike with no value) by default.
  public var emptyText: EmptyText

  /// Creates a CSV renderer.
  ///
  /// - Parameters:
  ///   - includesHeaderRow: Whether the column titles are written as the first record.
  ///   - lineEnding: The characters that end each record.
  ///   - formulaGuard: Whether formula-like text is neutralised.
  ///   - sectionColumn: The title of a leading column holding each row's section title, or
  ///     `nil` for none.
  ///   - quotesSurroundingSpaces: Whether fields that start or end with a space or tab are
  ///     quoted.
  ///   - statusRows: Whether status rows are left out (the default) or written.
  ///   - emptyText: Whether an empty text is an empty field (the default) or `""`, apart from
  ///     no value.
  public init(
    includesHeaderRow: Bool = true,
    lineEnding: LineEnding = .crlf,
    formulaGuard: FormulaGuard = .on,
    sectionColumn: String? = nil,
    quotesSurroundingSpaces: Bool = false,
    statusRows: StatusRows = .omitted,
    emptyText: EmptyText = .unquoted
  ) {
    self.statusRows = statusRows
    self.emptyText = emptyText
    self.includesHeaderRow = includesHeaderRow
    self.lineEnding = lineEnding
    self.formulaGuard = formulaGuard
    self.sectionColumn = sectionColumn
    self.quotesSurroundingSpaces = quotesSurroundingSpaces
  }

  /// Writes `table` as CSV to `output`, one record per row.
  ///
  /// - Parameters:
  ///   - table: The table to render.
  ///   - output: Where the CSV goes.
  public func render(_ table: TableView, into output: inout OutputBuffer) {
    var layout = TableLayout(for: table)
    let fieldCount = layout.columns.count + (sectionColumn == nil ? 0 : 1)
    if includesHeaderRow, layout.hasHeaderRow {
      var isFirstField = true
      if let sectionColumn {
        writeText(sectionColumn, fieldCount: fieldCount, into: &output)
        isFirstField = false
      }
      for column in layout.columns {
        if !isFirstField { output.write(byte: UInt8(ascii: ",")) }
        isFirstField = false
        writeText(column.title, fieldCount: fieldCount, into: &output)
      }
      writeLineEnding(into: &output)
    }
    var writer = RowWriter(renderer: self, fieldCount: fieldCount)
    let omitsStatusRows = statusRows == .omitted
    var statusKinds = StatusKindCache()
    table.walk(
      sectionHeader: { _, title in
        writer.sectionTitle = title ?? ""
      },
      row: { _, cell, object in
        if omitsStatusRows && statusKinds.isStatus(cell.kind) { return }
        // Read the values in place: iterating the array would copy (and retain) each one.
        layout.withCSVValues(of: cell, object: object) { values in
          writer.consume(values, into: &output)
        }
      },
      sectionFooter: { _, _ in
      },
      parallelRows: { source, firstRow in
        // Field bytes and verbatim records write an empty text as no value: rows go one by
        // one when the two must differ.
        guard emptyText == .unquoted else { return nil }
        return source.consume(rowsFrom: firstRow, with: writer, into: &output)?.count
      }
    )
  }

  /// Writes text as a field; an empty field that is a record's only field is written `""` so
  /// the record is not read as a blank line.
  func writeText(
    _ text: String,
    fieldCount: Int,
    into output: inout OutputBuffer
  ) {
    if text.isEmpty {
      if fieldCount == 1 { output.write("\"\"") }
      return
    }
    CSVEscaping.writeField(
      text, guardsFormulas: formulaGuard == .on,
      quotesSurroundingSpaces: quotesSurroundingSpaces, into: &output)
  }

  func writeLineEnding(into output: inout OutputBuffer) {
    switch lineEnding {
    case .crlf: output.write("\r\n" as StaticString)
    case .lf: output.write(byte: UInt8(ascii: "\n"))
    }
  }
}
