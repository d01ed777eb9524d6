import Foundation
import TableKit
import TableRender
import Testing

private struct PhoneNumber {
  var label: String
  var number: String
}

private struct EmailAddress {
  var label: String
  var address: String
}

extension PhoneNumber: TableRepresentable {
  var tableCell: Cell { Cell(number, detail: label, kind: "phone-number") }
}

extension EmailAddress: TableRepresentable {
  var tableCell: Cell { Cell(address, detail: label, kind: "email-address") }
}

/// Runs the README's example and checks the output block the README shows.
@Suite struct ReadmeExampleTests {
  @Test func theReadmeExamplePrintsWhatTheReadmeShows() throws {
    let card = SectionedDataSource<Any>(sections: [
      TableSection(
        "Phone",
        items: [
          PhoneNumber(label: "work", number: "+44 20 7946 0018"),
          PhoneNumber(label: "mobile", number: "+44 7700 900123"),
        ]
      ),
      TableSection(
        "E-mail", items: [EmailAddress(label: "work", address: "ada@analytical.example")]),
    ])
    let controller = TableController(title: "Ada Lovelace", dataSource: card)
    try controller.selectRow(at: TablePosition(section: 0, row: 1))
    let output = TextTableRenderer(title: controller.title).render(controller.table)

    #expect(controller.table.selectedPositions == [TablePosition(section: 0, row: 1)])
    #expect(output == (try Self.readmeOutputBlock()))
  }

  /// The first ```text block of the README: the output its example promises.
  static func readmeOutputBlock() throws -> String {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let afterFence = try #require(readme.range(of: "```text\n")).upperBound
    let end = try #require(readme.range(of: "```", range: afterFence..<readme.endIndex)).lowerBound
    return String(readme[afterFence..<end])
  }
}
