public import Foundation

// `LocalizedError` is what Foundation's `Error.localizedDescription` looks for; without it the
// property reads "The operation could not be completed.", and a failure row would say so.

extension RemotePageError: LocalizedError {
  /// The same sentence as `description`, so `localizedDescription` reads it too.
  public var errorDescription: String? { description }
}
