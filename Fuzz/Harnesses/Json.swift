// Fuzzes the command line's JSON table reader (`Sources/TableKitRecords/`, its tokenizer and
// the table document), compiled in here with the harness.
//
// Properties: reading never traps, whatever the bytes; a failure is a message that names the
// file; a success has every row exactly as long as the column list (nothing dropped or
// padded) and renders as CSV that re-reads to one record per row.
//
// The reader is reached through ONE function, `readTable(_:)` below: when the reader is
// replaced, point that function at the new entry point and nothing else changes.

import TableKit
import TableRender

/// The path the reader is told the bytes came from; every error must name it.
private let inputPath = "fuzz-input.json"

/// What reading one input gave: the table's shape (columns, then each row's value count) and
/// its values as text, or the error's message.
private enum ReadResult: Equatable {
  case table(columns: [String], rows: [[CellValue]])
  case failure(String)
}

/// Reads `bytes` with the command line's JSON reader.
///
/// THE ONE PLACE TO RE-POINT when the reader is replaced.
private func readTable(_ bytes: [UInt8]) -> ReadResult {
  do {
    let document = try JSONTableDocument(parsing: bytes, path: inputPath)
    return .table(columns: document.columns, rows: document.sections.flatMap(\.rows))
  } catch {
    return .failure(error.description)
  }
}

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  let result = readTable(bytes)
  switch result {
  case .failure(let message):
    if !message.contains(inputPath) { fail("an error message does not name the file", [message]) }
  case .table(let columns, let rows):
    for row in rows where row.count != columns.count {
      fail("a row's length differs from the column count", [bytes, columns, row])
    }
    checkRendersBack(columns: columns, rows: rows)
  }
  return 0
}

/// Renders the table as CSV without the formula guard and checks there is one record per row
/// plus the header.
private func checkRendersBack(columns: [String], rows: [[CellValue]]) {
  let dataSource = SectionedDataSource<Any>(
    items: rows.map { Cell($0.first?.text ?? "", values: $0) },
    columns: columns.map { ColumnDefinition($0) })
  let output = CSVTableRenderer(lineEnding: .lf, formulaGuard: .off)
    .render(TableController(dataSource: dataSource).table)
  if !isValidUTF8(Array(output.utf8)) { fail("CSV output is not valid UTF-8", [output]) }
  var records = 0
  var inQuotes = false
  for scalar in output.unicodeScalars {
    if scalar == "\"" { inQuotes.toggle() }
    if scalar == "\n" && !inQuotes { records += 1 }
  }
  let expected = rows.count + (columns.isEmpty ? 0 : 1)
  expectEqual(
    records, expected, "the CSV of a JSON table has the wrong number of records", input: output)
}
