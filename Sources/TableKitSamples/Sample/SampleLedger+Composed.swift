package import TableKit

extension SampleLedger {
  /// The composed sample: the invoices of 500.00 or more from both months (a filtered child)
  /// above a segmented ledger showing one month at a time.
  ///
  /// - Parameter showsLastMonth: Whether the segmented ledger shows October instead of November.
  /// - Returns: A controller bound to the composition.
  package static func makeComposedController(showsLastMonth: Bool) -> TableController {
    let sections = makeSections()
    let everything = SectionedDataSource(
      sections: [
        TableSection(
          "Invoices of 500.00 or more", footer: "Both months",
          items: sections.flatMap(\.items))
      ],
      columns: columns)
    let large = everything.filtered { ($0 as? Invoice).map { $0.amountInCents >= 50_000 } ?? false }
    let months = sections.map { SectionedDataSource(sections: [$0], columns: columns) }
    let ledger = SegmentedDataSource(months, selectedSegment: showsLastMonth ? 1 : 0)
    return TableController(title: title, dataSource: ComposedDataSource([large, ledger]))
  }
}
