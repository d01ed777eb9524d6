import Foundation

// The tool's errors read as their message through `localizedDescription` too, not only through
// `description`: Foundation's `Error.localizedDescription` asks `LocalizedError` for it, and
// without the conformance says "The operation could not be completed. (tablekit.… error 1.)".

extension Options.UsageError: LocalizedError {
  /// The same sentence as `description`.
  var errorDescription: String? { description }
}

// `JSONTableError` gets the same conformance in TableKitRecords, beside the type.
