import Foundation
import TableKit
import TableKitRecords

/// A file written into a fresh temporary directory, removed when the value goes.
final class TemporaryFile {
  let directory: URL
  let path: String

  /// Writes `bytes` to a file named `name`.
  init(_ name: String, bytes: [UInt8]) throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("tablekit-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    path = directory.appendingPathComponent(name).path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
  }

  /// Writes `text` as UTF-8 to a file named `name`.
  convenience init(_ name: String, _ text: String) throws {
    try self.init(name, bytes: Array(text.utf8))
  }

  deinit {
    try? FileManager.default.removeItem(at: directory)
  }
}

/// What a table read from an input shows: its column titles, and each section's header, rows
/// and footer.
struct ReadTable: Equatable {
  var columns: [String]
  var sections: [Section]

  struct Section: Equatable {
    var header: String?
    var rows: [[CellValue]]
    var footer: String?
  }

  /// The rows of the only section.
  var rows: [[CellValue]] { sections.first?.rows ?? [] }
}

/// Reads the file named `name` holding `text` as the command line would.
func readTable(_ name: String, _ text: String, _ input: TableInput = TableInput()) throws
  -> ReadTable
{
  try readTable(name, bytes: Array(text.utf8), input)
}

/// Reads the file named `name` holding `bytes` as the command line would.
func readTable(_ name: String, bytes: [UInt8], _ input: TableInput = TableInput()) throws
  -> ReadTable
{
  let file = try TemporaryFile(name, bytes: bytes)
  let opened = try input.open(try ByteInput(path: file.path), path: file.path)
  return try collect(opened)
}

/// Every row of an opened table, read the way a renderer reads it.
func collect(_ opened: TableInput.Opened) throws -> ReadTable {
  let source = opened.dataSource
  var cell = Cell("")
  var sections: [ReadTable.Section] = []
  if let groups = source as? any GroupedStreamDataSource {
    // A section starts where the loaded row's section changes; it ends at the next one's start.
    var row = 0
    while groups.loadRow(row) {
      if groups.sectionOfLoadedRow != sections.count - 1 {
        if let last = sections.indices.last {
          sections[last].footer = groups.titleForFooter(inSection: last)
        }
        let section = groups.sectionOfLoadedRow
        sections.append(
          ReadTable.Section(
            header: groups.titleForHeader(inSection: section), rows: [], footer: nil))
      }
      groups.configureCell(&cell, at: TablePosition(section: sections.count - 1, row: row))
      sections[sections.count - 1].rows.append(cell.values)
      row += 1
    }
    if let error = opened.stream?.error { throw error }
    if let last = sections.indices.last {
      sections[last].footer = groups.titleForFooter(inSection: last)
    }
  } else if let stream = opened.stream {
    var rows: [[CellValue]] = []
    while stream.loadRow(rows.count) {
      stream.configureCell(&cell, at: TablePosition(section: 0, row: rows.count))
      rows.append(cell.values)
    }
    if let error = stream.error { throw error }
    sections.append(
      ReadTable.Section(header: nil, rows: rows, footer: stream.titleForFooter(inSection: 0)))
  } else {
    for section in 0..<source.numberOfSections {
      var rows: [[CellValue]] = []
      for row in 0..<source.numberOfRows(inSection: section) {
        source.configureCell(&cell, at: TablePosition(section: section, row: row))
        rows.append(cell.values)
      }
      sections.append(
        ReadTable.Section(
          header: source.titleForHeader(inSection: section), rows: rows,
          footer: source.titleForFooter(inSection: section)))
    }
  }
  return ReadTable(columns: source.columns.map(\.title), sections: sections)
}

/// The error reading the file named `name` holding `bytes` gives, or `nil` when it reads.
func inputError(_ name: String, bytes: [UInt8], _ input: TableInput = TableInput())
  -> TableInputError?
{
  do {
    _ = try readTable(name, bytes: bytes, input)
    return nil
  } catch let error as TableInputError {
    return error
  } catch {
    return nil
  }
}

/// The error reading the file named `name` holding `text` gives, or `nil` when it reads.
func inputError(_ name: String, _ text: String, _ input: TableInput = TableInput())
  -> TableInputError?
{
  inputError(name, bytes: Array(text.utf8), input)
}

/// An exact decimal from its text, for expected values.
func decimal(_ text: String) throws -> CellValue {
  .exactDecimal(try ExactDecimal(text))
}
