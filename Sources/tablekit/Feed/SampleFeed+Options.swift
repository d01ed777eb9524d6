import TableKitArguments
import TableKitSamples

extension SampleFeed.Settings {
  /// Sets the feed option `option` (`--page-size`, `--pages`, `--feed-size`, `--fail-page`,
  /// `--cache`) from its value on the command line.
  ///
  /// - Parameters:
  ///   - option: The option's name.
  ///   - value: Its value, with its place on the command line.
  /// - Throws: ``UsageError/invalidValue(_:option:expected:)`` when the value is not a whole
  ///   number in range, or the cache folder is empty.
  mutating func set(_ option: String, to value: ArgumentToken) throws(UsageError) {
    let text = value.text
    if option == "--cache" {
      guard !text.isEmpty else {
        throw .invalidValue(value, option: option, expected: "a folder name that is not empty")
      }
      cacheFolder = text
      return
    }
    let smallest = option == "--page-size" ? 1 : 0
    guard let number = Int(text), number >= smallest, number <= 1_000_000 else {
      throw .invalidValue(
        value, option: option, expected: "a whole number from \(smallest) to 1000000")
    }
    switch option {
    case "--page-size": pageSize = number
    case "--pages": pages = number
    case "--feed-size": count = number
    default: failingPage = number
    }
  }
}
