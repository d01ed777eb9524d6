public import TableKit

/// Checks that a controller shows exactly the expected text: its title, back title, column
/// headers, section titles and one line per row (see ``TableRendering`` for the form).
///
/// ```swift
/// assertRendering(
///   of: models,
///   """
///   # BMW ‹ Brands
///     3 Series — Saloon >
///     X3 — SUV >
///   """)
/// ```
///
/// On a mismatch the failure, reported at the caller's line, names the first line and column
/// that differ and what that line shows (row 1 of section 0, say), with a line diff. In record
/// mode the actual text is written into the literal in the source and the test fails.
///
/// - Parameters:
///   - controller: The controller to render.
///   - expected: The expected rendering, usually a multi-line string literal.
///   - version: The form of the text; ``TableRendering/Version/v1`` until a later one is chosen.
///   - record: ``RecordMode/record`` to write the actual text and fail; defaults to the
///     `TABLEKIT_RECORD` environment variable.
///   - fileID: The caller's file ID; leave the default.
///   - filePath: The caller's file path; leave the default.
///   - line: The caller's line; leave the default.
///   - column: The caller's column; leave the default.
public func assertRendering(
  of controller: TableController,
  _ expected: String,
  version: TableRendering.Version = .v1,
  record: RecordMode = .fromEnvironment,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  TableRendering(controller, version: version).check(
    expected: expected, record: record,
    at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Checks that a table shows exactly the expected text: its column headers, section titles and
/// one line per row (see ``TableRendering`` for the form).
///
/// The same as ``assertRendering(of:_:version:record:fileID:filePath:line:column:)-(TableController,_,_,_,_,_,_,_)``
/// without a title line: a bare table has no title.
///
/// - Parameters:
///   - table: The table to render.
///   - expected: The expected rendering, usually a multi-line string literal.
///   - version: The form of the text; ``TableRendering/Version/v1`` until a later one is chosen.
///   - record: ``RecordMode/record`` to write the actual text and fail; defaults to the
///     `TABLEKIT_RECORD` environment variable.
///   - fileID: The caller's file ID; leave the default.
///   - filePath: The caller's file path; leave the default.
///   - line: The caller's line; leave the default.
///   - column: The caller's column; leave the default.
public func assertRendering(
  of table: TableView,
  _ expected: String,
  version: TableRendering.Version = .v1,
  record: RecordMode = .fromEnvironment,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  TableRendering(table, version: version).check(
    expected: expected, record: record,
    at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

extension TableRendering {
  /// Compares with `expected` (or records) and reports a failure at `site`.
  func check(expected: String, record: RecordMode, at site: CallSite) {
    switch record {
    case .compare:
      if let message = mismatch(expected: expected) { TestFailure.record(message, at: site) }
    case .record:
      TestFailure.record(
        RecordMode.recordingMessage(
          text, replacing: expected, version: version, at: site, what: "the rendering"),
        at: site)
    }
  }
}
