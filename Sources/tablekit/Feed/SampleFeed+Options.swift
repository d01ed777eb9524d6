extension SampleFeed.Settings {
  /// Sets the feed option `option` (`--page-size`, `--pages`, `--feed-size`, `--fail-page`,
  /// `--cache`) from its value on the command line.
  ///
  /// - Throws: `Options.UsageError` when the value is not a whole number in range, or the
  ///   cache folder is empty.
  mutating func set(_ option: String, to text: String) throws(Options.UsageError) {
    if option == "--cache" {
      guard !text.isEmpty else {
        throw Options.UsageError(description: "--cache needs a folder, not an empty name")
      }
      cacheFolder = text
      return
    }
    let smallest = option == "--page-size" ? 1 : 0
    guard let number = Int(text), number >= smallest, number <= 1_000_000 else {
      let range = smallest == 1 ? "from 1 to 1000000" : "from 0 to 1000000"
      throw Options.UsageError(
        description: "\(option) needs a whole number \(range), not '\(text)'")
    }
    switch option {
    case "--page-size": pageSize = number
    case "--pages": pages = number
    case "--feed-size": count = number
    default: failingPage = number
    }
  }
}
