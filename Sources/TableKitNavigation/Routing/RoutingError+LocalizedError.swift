import TableKit

// `LocalizedError` is what Foundation's `Error.localizedDescription` looks for; without it the
// property reads "The operation could not be completed." (see TableError+LocalizedError.swift).
#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

extension RoutingError: LocalizedError {
  /// The same sentence as `description`, so `error.localizedDescription` reads it too.
  public var errorDescription: String? { description }
}

extension Base64URLError: LocalizedError {
  /// The same sentence as `description`, so `error.localizedDescription` reads it too.
  public var errorDescription: String? { description }
}
