/// The conventions a report's formats follow: decimal and grouping symbols, currency symbols,
/// month names and date patterns, taken from CLDR.
///
/// ``plain`` is the default: POSIX numbers (`-1234.5`, no grouping) and ISO dates, so a report
/// with no locale shows exactly what a plain table shows.
public struct ReportLocale: Hashable, Sendable {
  /// The locale's identifier, such as `de_DE`; `en_US_POSIX` for ``plain``.
  public let identifier: String

  /// The locale-free conventions: POSIX numbers and ISO 8601 dates.
  public static let plain = ReportLocale(identifier: "en_US_POSIX")

  private init(identifier: String) {
    self.identifier = identifier
  }
}
