import Foundation
import TableKit
import TableKitNavigation
import TableKitTesting
import Testing

/// A two-section ledger with columns, kinds, every accessory and one selected row.
private func makeLedger() throws -> TableController {
  let source = SectionedDataSource(
    sections: [
      TableSection(
        "Invoices", footer: "2 invoices",
        items: [
          Cell(
            "INV-1", detail: "ACME", values: ["ACME", .decimal(1234.5, fractionDigits: 2)],
            accessory: .disclosureIndicator, kind: "invoice"),
          Cell("INV-2", values: ["Initech", 7], accessory: .checkmark, kind: "invoice"),
        ]),
      TableSection(
        items: [
          Cell("Note", detail: "tab\there", accessory: .detailButton, isSelectable: false)
        ]),
    ],
    columns: [ColumnDefinition("Customer"), ColumnDefinition("Amount", alignment: .right)])
  let controller = TableController(title: "Ledger", dataSource: source)
  try controller.selectRow(at: TablePosition(section: 0, row: 1))
  return controller
}

@Suite struct TableRenderingTests {
  @Test func showsTitleColumnsSectionsRowsKindsAccessoriesAndSelection() throws {
    // Written from the form's rules in TableRendering's documentation, not from a run.
    assertRendering(
      of: try makeLedger(),
      #"""
      # Ledger
      columns: Customer | Amount
      § Invoices
        INV-1 — ACME | ACME | 1234.50 > {invoice}
      * INV-2 | Initech | 7 ✓ {invoice}
      footer: 2 invoices
      §
        Note — tab\u{9}here (i) (not selectable)
      """#)
  }

  @Test func aLoneBareSectionHasNoSectionLine() {
    let table = TableView(dataSource: SectionedDataSource(items: [Cell("only")]))
    assertRendering(of: table, "  only")
  }

  @Test func aLevelOnAStackShowsItsBackTitle() throws {
    let stack = try Garage.makeStack()
    try stack.selectRow(at: TablePosition(section: 0, row: 1))
    assertRendering(
      of: stack.top,
      """
      # BMW ‹ Brands
        3 Series >
        X3 >
      """)
  }

  @Test func controlAndDirectionCharactersCannotBreakALine() {
    let table = TableView(
      dataSource: SectionedDataSource(items: [Cell("a\nb\u{1B}[31m\u{202E}c\u{85}")]))
    let rendering = TableRendering(table)
    #expect(rendering.lines == [#"  a\u{A}b\u{1B}[31m\u{202E}c\u{85}"#])
  }

  @Test func aWrongRowFailsNamingItsLineColumnAndRow() throws {
    let ledger = try makeLedger()
    let callLine = #line + 2
    withKnownIssue {
      assertRendering(
        of: ledger,
        #"""
        # Ledger
        columns: Customer | Amount
        § Invoices
          INV-1 — ACME | ACME | 1234.50 > {invoice}
          INV-2 | Initech | 7 ✓ {invoice}
        footer: 2 invoices
        §
          Note — tab\u{9}here (i) (not selectable)
        """#)
    } matching: { issue in
      let message = issue.comments.map(\.rawValue).joined()
      return issue.sourceLocation?.line == callLine
        && issue.sourceLocation?.fileID == #fileID
        && message.contains("line 5, column 1, row 1 of section 0, differs")
        && message.contains(
          "-   INV-2 | Initech | 7 ✓ {invoice}\n+ * INV-2 | Initech | 7 ✓ {invoice}")
    }
  }

  @Test func aMissingRowFailsNamingTheExtraLine() {
    let table = TableView(dataSource: SectionedDataSource(items: [Cell("a"), Cell("b")]))
    withKnownIssue {
      assertRendering(of: table, "  a")
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains(
        "line 2, row 1 of section 0, is more than the expected 1 line.\n")
    }
  }

  @Test func aShortTableFailsCountingItsLinesInWords() {
    let table = TableView(dataSource: SectionedDataSource(items: [Cell("a")]))
    withKnownIssue {
      assertRendering(of: table, "  a\n  b")
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains(
        "the text ends after 1 line; line 2 was expected.\n")
    }
    let twoRows = TableView(dataSource: SectionedDataSource(items: [Cell("a"), Cell("b")]))
    withKnownIssue {
      assertRendering(of: twoRows, "  a\n  b\n  c")
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains(
        "the text ends after 2 lines; line 3 was expected.\n")
    }
  }

  @Test func recordModeFailsEvenWhenTheTextMatches() {
    let table = TableView(dataSource: SectionedDataSource(items: [Cell("a")]))
    let callLine = #line + 2
    withKnownIssue {
      assertRendering(of: table, "  a", record: .record)
    } matching: { issue in
      let message = issue.comments.map(\.rawValue).joined()
      // A one-line literal is not rewritten; the failure says so and carries the text.
      return issue.sourceLocation?.line == callLine
        && message.hasPrefix("Record mode is on, so this assertion fails")
        && message.contains("did not write the source")
        && message.hasSuffix("The actual text:\n  a")
    }
  }

  @Test func recordingRewritesTheLiteralAfterTheCall() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tablekit-record-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("LedgerTests.swift").path
    let source = #"""
      func test() {
        assertRendering(
          of: table,
          """
            stale
          """)
      }
      """#
    try Data(source.utf8).write(to: URL(fileURLWithPath: file))
    let line = try InlineLiteralWriter.replaceLiteral(
      in: file, afterLine: 2, expected: "  stale", with: "  a\\b\n  c")
    #expect(line == 4)
    #expect(
      try String(contentsOfFile: file, encoding: .utf8) == #"""
        func test() {
          assertRendering(
            of: table,
            """
              a\\b
              c
            """)
        }
        """#)
    // The literal now holds other text: a second recording with the old text is refused.
    #expect(throws: InlineLiteralWriter.Refusal.changed(path: file, line: 4)) {
      try InlineLiteralWriter.replaceLiteral(
        in: file, afterLine: 2, expected: "  stale", with: "  d")
    }
  }
}
