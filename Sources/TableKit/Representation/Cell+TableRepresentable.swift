extension Cell: TableRepresentable {
  /// A cell shows itself, so ready-made cells can be items of any data source.
  public var tableCell: Cell { self }
}
