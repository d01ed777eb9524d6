import Foundation

// The error reads as its message through `localizedDescription` too, as `JSONTableError` does.

extension TableInputError: LocalizedError {
  /// The same sentence as `description`.
  package var errorDescription: String? { description }
}
