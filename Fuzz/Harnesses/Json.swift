// Fuzzes the command line's JSON table reader (`Sources/tablekit/Input/`), compiled in here
// because the command line is an executable module.
//
// Properties: reading never traps, whatever the bytes; a failure is a message that names the
// file; a success has every row exactly as long as the column list (nothing dropped or
// padded) and renders as CSV that re-reads to one record per row.
//
// The reader is reached through ONE function, `readTable(_:)` below: when the reader is
// replaced, point that function at the new entry point and nothing else changes.

import Foundation
import TableKit
import TableRender

/// The path every input is written to before it is read (the reader takes a path, as the
/// command line does).
private let inputPath: String = {
  // Memory-backed where there is one: a disk file costs most of an execution.
  let directory =
    FileManager.default.fileExists(atPath: "/dev/shm")
    ? "/dev/shm" : ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp"
  let path = "\(directory)/tablekit-fuzz-json-\(getpid()).json"
  // libFuzzer ends the process with exit(); the file goes with it.
  atexit { removeInputFile() }
  return path
}()

/// Removes the input file (called at exit).
private func removeInputFile() {
  try? FileManager.default.removeItem(atPath: inputPath)
}

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
  guard FileManager.default.createFile(atPath: inputPath, contents: Data(bytes)) else {
    fail("cannot write the input to \(inputPath)")
  }
  do {
    let document = try JSONTableDocument.load(path: inputPath)
    return .table(
      columns: document.columns,
      rows: document.sections.flatMap { $0.rows.map { $0.map(\.value) } })
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
    columns: columns.map { TableColumn($0) })
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
