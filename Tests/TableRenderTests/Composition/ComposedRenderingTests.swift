import TableKit
import TableRender
import Testing

/// Composed tables render exactly as the same rows in one flat data source: renderers read each
/// section from its leaf (`rowSource(forSection:)`), and these tests pin that it changes nothing.
@Suite("Rendering composed tables")
struct ComposedRenderingTests {
  private static let columns = [
    ColumnDefinition("Payee"), ColumnDefinition("Amount"), ColumnDefinition("Open"),
  ]

  private static func payments(_ prefix: String, _ count: Int, hostile: Bool = false) -> [Payment] {
    (0..<count).map { index in
      let payee = hostile ? Hostile.strings[index % Hostile.strings.count] : "\(prefix) \(index)"
      return Payment(payee: payee, cents: 1_000 * index + 7, isOpen: index % 2 == 0)
    }
  }

  private static func leaf(_ sections: [(String?, [Payment])]) -> SectionedDataSource<Any> {
    SectionedDataSource<Any>(
      sections: sections.map { TableSection($0.0, items: $0.1) }, columns: columns)
  }

  /// The sections every shape below shows, in order.
  private static let sections: [(String?, [Payment])] = [
    ("Open", payments("open", 3)),
    ("Hostile", payments("", 9, hostile: true)),
    (nil, payments("untitled", 2)),
    ("This month", payments("month", 4)),
    ("Empty", []),
  ]

  private static let renderers: [(String, any TableRenderer)] = [
    ("text", TextTableRenderer(title: "Ledger")),
    ("text aligned", TextTableRenderer(alignsDecimalPoints: true)),
    ("markdown", MarkdownTableRenderer(title: "Ledger")),
    ("csv", CSVTableRenderer()),
    ("html", HTMLTableRenderer(caption: "Ledger", mode: .fragment)),
  ]

  /// Four levels: a composition of a composition of a segmented source over compositions.
  private static func nested() -> any TableDataSource {
    let first = leaf([sections[0]])
    let second = ComposedDataSource([
      leaf([sections[1]]), ComposedDataSource([leaf([sections[2]])]),
    ])
    let segmented = SegmentedDataSource([
      ComposedDataSource([leaf([sections[3], sections[4]])]), leaf([("Other", [])]),
    ])
    return ComposedDataSource([
      ComposedDataSource([first, second]), ComposedDataSource([]), segmented,
    ])
  }

  @Test("a nested composition renders like the flat table in every format")
  func nestedEqualsFlat() {
    let flat = TableView(dataSource: Self.leaf(Self.sections))
    let composed = TableView(dataSource: Self.nested())
    #expect(composed.shape == flat.shape)
    for (name, renderer) in Self.renderers {
      let expected = renderer.render(flat)
      #expect(!expected.isEmpty, "\(name)")
      #expect(renderer.render(composed) == expected, "\(name)")
    }
  }

  @Test("a section's rows are read from the leaf that holds them")
  func rowSourceIsTheLeaf() throws {
    let holder = Self.leaf([Self.sections[2]])
    let root = ComposedDataSource([
      Self.leaf([Self.sections[0], Self.sections[1]]),
      ComposedDataSource([SegmentedDataSource([ComposedDataSource([holder])])]),
    ])
    let source = root.rowSource(forSection: 2)
    #expect(source.dataSource === holder)
    #expect(source.section == 0)
  }

  @Test("an override on a composition still applies to every row it shows")
  func overrideOnACompositionWins() {
    let composed = ComposedDataSource([
      Self.leaf([Self.sections[0]]), Self.leaf([Self.sections[3]]),
    ])
    var overrides = RepresentationRegistry()
    overrides.register(Payment.self) { payment in Cell("overridden \(payment.cents)") }
    composed.representations = overrides
    #expect(composed.rowSource(forSection: 1).dataSource === composed)
    let csv = CSVTableRenderer().render(TableView(dataSource: composed))
    #expect(csv.contains("overridden 3007"))
    #expect(!csv.contains("month 3"))
  }

  @Test("rows a filtered or sorted view hides or reorders are read through it")
  func remappingViewsAreReadThroughThemselves() {
    let base = Self.leaf([Self.sections[3]])
    let filtered = base.filtered { ($0 as? Payment)?.isOpen == true }
    let root = ComposedDataSource([filtered])
    #expect(root.rowSource(forSection: 0).dataSource === filtered)
    let csv = CSVTableRenderer().render(TableView(dataSource: root))
    #expect(csv.contains("month 0") && csv.contains("month 2"))
    #expect(!csv.contains("month 1") && !csv.contains("month 3"))
  }
}
