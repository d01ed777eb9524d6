/// A data source that can name, for a section, a data source that answers that section's rows
/// itself: a composition that passes whole sections through from its children.
///
/// Package plumbing for the renderers' fast path, not an extension point: a data source outside
/// the package answers its own rows, which is what `TableDataSource.rowSource(forSection:)`
/// assumes when a data source does not adopt this.
package protocol SectionRowForwarding: TableDataSource {
  /// The data source that answers the rows of `section` itself, at the same row indexes.
  ///
  /// Its `representedObject(at:)`, `configureCell(_:at:)` and `cell(at:)` must equal this data
  /// source's for the same row; answer this data source and `section` when they would not (an
  /// override of its own).
  ///
  /// - Parameter section: A section in `0..<numberOfSections`.
  /// - Returns: Where the section's rows are read.
  func forwardedRowSource(forSection section: Int) -> TableRowSource
}

extension TableDataSource {
  /// Where the rows of `section` are read: the data source a ``SectionRowForwarding`` names,
  /// down to the leaf, or this data source and `section`.
  ///
  /// Renderers ask once per section and then read every row of it from the answer directly,
  /// so a deeply composed table costs about what the same rows cost flat.
  ///
  /// - Parameter section: A section in `0..<numberOfSections`.
  /// - Returns: Where the section's rows are read.
  package func rowSource(forSection section: Int) -> TableRowSource {
    if let forwarding = self as? any SectionRowForwarding {
      return forwarding.forwardedRowSource(forSection: section)
    }
    return TableRowSource(dataSource: self, section: section)
  }
}
