import Synchronization
public import TableKitReports

/// Where a report renderer keeps the error that stopped it, for callers that render through
/// ``TableRenderer/render(_:into:)``, which cannot throw.
///
/// The command line checks it after writing, the way it checks a stream's read error, so a
/// report cut short by an overflowing total never replaces a file.
public final class ReportFailure: Sendable {
  private let stored = Mutex<ReportError?>(nil)

  /// Creates an empty record.
  public init() {}

  /// The first error recorded, or `nil`.
  public var error: ReportError? { stored.withLock { $0 } }

  /// Records `error` unless one is already recorded.
  ///
  /// - Parameter error: The error.
  public func record(_ error: ReportError) {
    stored.withLock { if $0 == nil { $0 = error } }
  }
}
