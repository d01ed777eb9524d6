/// A locale identifier that no generated table holds.
///
/// The message names the identifier (escaped, so a hostile argument prints as data) and says
/// where the list of known ones is.
public struct ReportLocaleError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The identifier as it was given.
  public let identifier: String

  /// Creates the error for an identifier.
  ///
  /// - Parameter identifier: The identifier that was not found.
  public init(identifier: String) {
    self.identifier = identifier
  }

  /// `unknown locale "xx_YY" (ReportLocale.availableIdentifiers lists the N known ones)`.
  public var description: String {
    "unknown locale \(identifier.debugDescription) (ReportLocale.availableIdentifiers lists the "
      + "\(LocaleData.identifiers.count + 1) known ones, en_US_POSIX included)"
  }
}
