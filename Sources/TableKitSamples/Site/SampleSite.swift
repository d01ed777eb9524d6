import TableKit
package import TableKitNavigation

/// The hierarchy `tablekit export` writes with no input: an index of the samples, the car
/// catalogue (brands → models → detail) and the ledger (ledger → invoice → lines).
package enum SampleSite {
  /// The index level; the samples' own levels are theirs.
  enum Level: NavigationDestination {
    case index
  }

  /// A stack on the index.
  package static func makeStack() throws(NavigationError) -> NavigationController {
    try NavigationController(rootDestination: Level.index, factory: makeLevel)
  }

  /// Makes any level of the samples.
  static func makeLevel(
    _ destination: any NavigationDestination, session: NavigationSession
  ) throws(NavigationError) -> TableController {
    if destination as? Level == .index {
      return SampleIndexController()
    }
    if destination is CarCatalogue.Level {
      return try CarCatalogue.makeLevel(destination, session: session)
    }
    if let level = destination as? LedgerDrillDown.Level {
      return try LedgerDrillDown.makeLevel(level, session: session)
    }
    throw .unknownDestination(String(describing: destination))
  }
}

/// The index: one row per sample, leading to its first level.
final class SampleIndexController: TableController {
  private static let samples: [(cell: Cell, level: any NavigationDestination)] = [
    (
      Cell(
        "Car catalogue", detail: "Brands, their models, a model's facts",
        accessory: .disclosureIndicator),
      CarCatalogue.Level.brands
    ),
    (
      Cell(
        "Ledger", detail: "Invoices, refunds and notes; an invoice's lines",
        accessory: .disclosureIndicator),
      LedgerDrillDown.Level.ledger
    ),
  ]

  init() {
    super.init(
      title: "TableKit samples",
      dataSource: SectionedDataSource(
        sections: [TableSection(items: Self.samples.map(\.cell))],
        columns: [ColumnDefinition("Sample"), ColumnDefinition("What it holds")]))
  }

  override func destination(
    forRowAt position: TablePosition, representing object: Any
  ) -> (any NavigationDestination)? {
    Self.samples.indices.contains(position.row) ? Self.samples[position.row].level : nil
  }
}
