// `LocalizedError` is what Foundation's `Error.localizedDescription` looks for.
#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

extension SafeWriteError: LocalizedError {
  /// The same sentence as ``description``, so `error.localizedDescription` reads it too.
  public var errorDescription: String? { description }
}
