import Foundation
import TableKit
import TableRender
import Testing

/// The shared validation corpus (`Tests/Validation/corpus.json`) as a table.
///
/// Strings become text, whole numbers integers, other numbers decimals with the fewest fraction
/// digits that give the number back, booleans `.boolean` and `null` `.empty`, as the CLI reads
/// JSON.
private struct Corpus: Decodable {
  struct Section: Decodable {
    var header: String?
    var footer: String?
    var rows: [[Value]]
  }

  struct Value: Decodable {
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
      } else {
        let number = try container.decode(Double.self)
        let digits = (0...15).first { digits in
          Double(CellValue.decimal(number, fractionDigits: digits).text) == number
        }
        value = .decimal(number, fractionDigits: digits ?? 15)
      }
    }
  }

  var title: String
  var columns: [String]
  var sections: [Section]

  static func load() throws -> Corpus {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Validation/corpus.json")
    return try JSONDecoder().decode(Corpus.self, from: Data(contentsOf: url))
  }

  var rowCount: Int { sections.reduce(0) { $0 + $1.rows.count } }

  func makeTable() -> TableView {
    TableView(
      dataSource: SectionedDataSource<Any>(
        sections: sections.map { section in
          TableSection(
            section.header, footer: section.footer,
            items: section.rows.map { row in
              Cell(row.first?.value.text ?? "", values: row.map(\.value), kind: "record")
            })
        },
        columns: columns.map { ColumnDefinition($0) }
      ))
  }
}

/// Renders the shared corpus and checks what can be checked without an HTML parser.
///
/// CI renders the same corpus through the command line and has `Scripts/validate-html.py` parse
/// it with html5lib and run the Nu HTML Checker on it.
@Suite struct HTMLCorpusTests {
  @Test func rendersTheSharedCorpus() throws {
    let corpus = try Corpus.load()
    let table = corpus.makeTable()
    let document = HTMLTableRenderer(caption: corpus.title, mode: .document(title: corpus.title))
      .render(table)
    let fragment = HTMLTableRenderer(caption: corpus.title).render(table)

    #expect(corpus.rowCount > 0)
    for html in [document, fragment] {
      #expect(html.components(separatedBy: "<tr class=\"record\">").count - 1 == corpus.rowCount)
      #expect(html.components(separatedBy: "<tbody>").count - 1 == corpus.sections.count)
      let unexpected = html.unicodeScalars.filter { scalar in
        (scalar.value < 0x20 && scalar != "\n" && scalar != "\t")
          || (0x7F...0x9F).contains(scalar.value) || HTMLEscaping.isForbidden(scalar)
      }
      #expect(unexpected.isEmpty)
    }
    #expect(document.hasSuffix(fragment + "</body>\n</html>\n"))
  }
}
