import Foundation

// The error reads as its message through `localizedDescription` too: Foundation asks
// `LocalizedError` for it, and without the conformance says "The operation could not be
// completed. (… error 1.)".

extension JSONTableError: LocalizedError {
  /// The same sentence as `description`.
  package var errorDescription: String? { description }
}
