import Foundation
import TableKit

/// A table read from JSON: a title, column titles, and sections of rows.
///
/// ```json
/// {"title": "Ledger", "columns": ["id", "name", "amount"],
///  "sections": [{"header": "November", "footer": "2 rows", "rows": [[1, "Acme", 12.5]]}]}
/// ```
///
/// `rows` may stand at the top level instead of `sections` for a table of one untitled section.
/// Strings become text, whole numbers integers, other numbers decimals with the fewest fraction
/// digits that give the number back, booleans `true`/`false`, and `null` an empty cell.
struct JSONTableDocument: Decodable {
  var title: String?
  var columns: [String]
  var sections: [Section]

  /// One titled group of rows.
  struct Section: Decodable {
    var header: String?
    var footer: String?
    var rows: [[JSONCellValue]]
  }

  private enum CodingKeys: String, CodingKey {
    case title, columns, sections, rows
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    title = try container.decodeIfPresent(String.self, forKey: .title)
    columns = try container.decode([String].self, forKey: .columns)
    if let rows = try container.decodeIfPresent([[JSONCellValue]].self, forKey: .rows) {
      sections = [Section(header: nil, footer: nil, rows: rows)]
    } else {
      sections = try container.decode([Section].self, forKey: .sections)
    }
  }
}

/// One JSON value of a row.
struct JSONCellValue: Decodable {
  var value: CellValue

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      value = .empty
    } else if let text = try? container.decode(String.self) {
      value = .text(text)
    } else if let flag = try? container.decode(Bool.self) {
      value = .boolean(flag)
    } else if let number = try? container.decode(Int.self) {
      value = .integer(number)
    } else if let number = try? container.decode(Double.self) {
      value = Self.decimal(number)
    } else {
      throw DecodingError.dataCorruptedError(
        in: container,
        debugDescription: "expected a string, number, boolean or null"
      )
    }
  }

  /// `number` with the fewest fraction digits (up to 15) that read back as the same number, or,
  /// when none does (1e-20, say), its shortest description as text, so no digit is lost.
  static func decimal(_ number: Double) -> CellValue {
    for digits in 0...15 {
      let candidate = CellValue.decimal(number, fractionDigits: digits)
      if Double(candidate.text) == number { return candidate }
    }
    return .text(number.description)
  }
}

/// A record of a JSON table: its values, shown one per column.
struct JSONRecord: TableRepresentable {
  var values: [CellValue]

  var tableCell: Cell {
    Cell(values.first?.text ?? "", values: values, kind: "record")
  }
}

/// Why a JSON table could not be read, and where.
struct JSONTableError: Error, CustomStringConvertible {
  var description: String
}

extension JSONTableDocument {
  /// Reads and checks the document at `path`.
  ///
  /// - Throws: ``JSONTableError`` naming the file and, for bad content, the place in it.
  static func load(path: String) throws(JSONTableError) -> JSONTableDocument {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw JSONTableError(description: "cannot read \(path): \(error.localizedDescription)")
    }
    let document: JSONTableDocument
    do {
      document = try JSONDecoder().decode(JSONTableDocument.self, from: data)
    } catch let error as DecodingError {
      throw JSONTableError(description: "\(path): \(Self.explain(error))")
    } catch {
      throw JSONTableError(description: "\(path): \(error)")
    }
    try document.checkRowLengths(path: path)
    return document
  }

  /// Fails on a row whose length differs from the number of columns: nothing is dropped or padded.
  private func checkRowLengths(path: String) throws(JSONTableError) {
    for (sectionIndex, section) in sections.enumerated() {
      for (rowIndex, row) in section.rows.enumerated() where row.count != columns.count {
        throw JSONTableError(
          description: "\(path): row \(rowIndex) of section \(sectionIndex) has \(row.count) "
            + "values, but the table has \(columns.count) columns")
      }
    }
  }

  /// A readable account of a decoding error: what was wrong and the path to it.
  private static func explain(_ error: DecodingError) -> String {
    func place(_ path: [any CodingKey]) -> String {
      let text = path.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }
        .joined()
      return text.isEmpty ? "the top level" : String(text.drop { $0 == "." })
    }
    switch error {
    case .dataCorrupted(let context):
      let underlying = context.underlyingError.map { ": \($0.localizedDescription)" } ?? ""
      return
        "invalid JSON at \(place(context.codingPath)): \(context.debugDescription)\(underlying)"
    case .keyNotFound(let key, let context):
      return "missing \"\(key.stringValue)\" at \(place(context.codingPath))"
    case .typeMismatch(let type, let context):
      return "expected \(type) at \(place(context.codingPath)): \(context.debugDescription)"
    case .valueNotFound(let type, let context):
      return "expected \(type) at \(place(context.codingPath)), found null"
    @unknown default:
      return "\(error)"
    }
  }

  /// A controller over a data source holding this document's rows.
  func makeController() -> TableController {
    let dataSource = SectionedDataSource<Any>(
      sections: sections.map { section in
        TableSection(
          section.header,
          footer: section.footer,
          items: section.rows.map { JSONRecord(values: $0.map(\.value)) }
        )
      },
      columns: columns.map { TableColumn($0) }
    )
    return TableController(title: title, dataSource: dataSource)
  }
}
