extension ProgressTicker {
  /// A ticker that shows how many pages an export has written, and the callback that counts
  /// one; both `nil` when progress is not shown.
  ///
  /// - Parameter choice: Whether progress is shown.
  /// - Returns: The ticker (stop it when the export ends) and the exporter's `pageWritten`.
  static func pages(_ choice: ProgressChoice) -> (
    ticker: ProgressTicker?, pageWritten: (@Sendable () -> Void)?
  ) {
    guard choice.showsProgress else { return (nil, nil) }
    let pages = ProgressTicker.Counter()
    let ticker = ProgressTicker {
      pages.value == 1
        ? "tablekit: exporting: 1 page written"
        : "tablekit: exporting: \(pages.value) pages written"
    }
    return (ticker, { pages.increment() })
  }
}
